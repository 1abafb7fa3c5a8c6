// Every route of the web app in one place, so links and the router cannot drift apart.

export const paths = {
  home: '/',
  auth: '/auth',
  dashboard: '/dashboard',
  settings: '/settings',
  admin: '/admin',
  adminImpersonate: '/admin/impersonate',
  about: '/about',
  contact: '/contact',
  thankYou: '/thank-you',
  whatWeDo: '/what-we-do',
  preciousMetals: '/precious-metals',
  metalCalculator: (symbol: string) => `/metal-calculator/${symbol.toLowerCase()}`,
  crypto: '/crypto',
  cryptoDetail: (symbol: string) => `/crypto/${symbol.toUpperCase()}`,
  history: '/history',
  transferAssets: '/transfer-assets',
  interAccounts: '/inter-accounts',
  withdrawal: '/withdrawal',
  fixedAssets: '/fixed-assets',
  kyc: '/kyc',
  resetPassword: '/reset-password',
  updatePassword: '/update-password',
  devMailbox: '/dev/mailbox',
  verify: '/verify',
} as const;

/** Routes anyone may open without signing in (SPEC §6). */
export const publicPaths = [
  paths.home,
  paths.whatWeDo,
  paths.about,
  paths.contact,
  paths.thankYou,
  paths.resetPassword,
  paths.auth,
  paths.verify,
] as const;
