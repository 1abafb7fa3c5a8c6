// Country flags as SVG pictures (country-flag-icons, MIT, no install script): emoji flags need a
// font the machine may lack, which shows them as empty boxes. Each flag is its own small chunk,
// fetched when a country is shown, so a screen carries none it does not draw (the KYC wizard's country
// lists, a delivery recipient's phone).

// The package's one module per country (two capital letters; its index of every flag is left out).
const flagModules = import.meta.glob<string>(
  '../../../../node_modules/country-flag-icons/string/3x2/[A-Z][A-Z].js',
  { import: 'default' },
);

const loaders = new Map(
  Object.entries(flagModules).map(([path, load]) => [path.slice(-5, -3), load] as const),
);

/** True when there is a flag for this country code. */
export function hasFlag(iso: string): boolean {
  return loaders.has(iso);
}

/** The flag as an image address (an SVG data URL, which the CSP allows), or undefined. */
export async function loadFlag(iso: string): Promise<string | undefined> {
  const load = loaders.get(iso);
  if (!load) return undefined;
  return `data:image/svg+xml,${encodeURIComponent(await load())}`;
}
