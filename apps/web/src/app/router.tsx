// Every route. Pages load lazily (React.lazy) so a visitor downloads only what a page shows;
// React Router runs in declarative mode, which keeps the first page load small.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@secure-vault/shared/paths';
import { PublicLayout } from '@/components/layout/public-layout';

const QueryLayout = lazy(() => import('@/components/layout/query-layout'));
const Landing = lazy(() => import('@/features/marketing/routes/landing'));
const WhatWeDo = lazy(() => import('@/features/marketing/routes/what-we-do'));
const About = lazy(() => import('@/features/marketing/routes/about'));
const Contact = lazy(() => import('@/features/marketing/routes/contact'));
const ThankYou = lazy(() => import('@/features/marketing/routes/thank-you'));
const NotFound = lazy(() => import('@/features/marketing/routes/not-found'));
const Mailbox = lazy(() => import('@/features/dev/routes/mailbox'));
// Accounts and the signed-in area: guards and the signed-in frame load with the first page that
// needs them, never with the public pages.
const guards = () => import('@/components/layout/route-guards');
const SignedOutOnly = lazy(() => guards().then((module) => ({ default: module.SignedOutOnly })));
const AdminOnly = lazy(() => guards().then((module) => ({ default: module.AdminOnly })));
const AppLayout = lazy(() => import('@/components/layout/app-layout'));
const Auth = lazy(() => import('@/features/auth/routes/auth'));
const ResetPassword = lazy(() => import('@/features/auth/routes/reset-password'));
const UpdatePassword = lazy(() => import('@/features/auth/routes/update-password'));
const Impersonate = lazy(() => import('@/features/auth/routes/impersonate'));
const Dashboard = lazy(() => import('@/app/routes/dashboard'));
const Settings = lazy(() => import('@/features/settings/routes/settings'));
const Admin = lazy(() => import('@/features/admin/routes/admin'));
// The four trading screens share one chunk: one entry in the first page's preload table.
const trading = () => import('@/features/trading/routes');
const PreciousMetals = lazy(() => trading().then((module) => ({ default: module.PreciousMetals })));
const MetalCalculator = lazy(() =>
  trading().then((module) => ({ default: module.MetalCalculator })),
);
const CryptoList = lazy(() => trading().then((module) => ({ default: module.CryptoList })));
const CryptoDetail = lazy(() => trading().then((module) => ({ default: module.CryptoDetail })));
const History = lazy(() => import('@/features/history/routes/history'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.home} element={<Landing />} />
        <Route path={paths.whatWeDo} element={<WhatWeDo />} />
        <Route path={paths.about} element={<About />} />
        <Route path={paths.contact} element={<Contact />} />
        <Route path={paths.thankYou} element={<ThankYou />} />
        <Route element={<QueryLayout />}>
          <Route path={paths.devMailbox} element={<Mailbox />} />
          <Route element={<SignedOutOnly />}>
            <Route path={paths.auth} element={<Auth />} />
          </Route>
          <Route path={paths.resetPassword} element={<ResetPassword />} />
          <Route path={paths.updatePassword} element={<UpdatePassword />} />
          <Route path={paths.adminImpersonate} element={<Impersonate />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route element={<QueryLayout />}>
        <Route element={<AppLayout />}>
          <Route path={paths.dashboard} element={<Dashboard />} />
          <Route path={paths.settings} element={<Settings />} />
          <Route path={paths.preciousMetals} element={<PreciousMetals />} />
          <Route path="/metal-calculator/:symbol" element={<MetalCalculator />} />
          <Route path={paths.crypto} element={<CryptoList />} />
          <Route path="/crypto/:symbol" element={<CryptoDetail />} />
          <Route path={paths.history} element={<History />} />
          <Route element={<AdminOnly />}>
            <Route path={paths.admin} element={<Admin />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
