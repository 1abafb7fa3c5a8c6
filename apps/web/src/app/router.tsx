// Every route. Pages load lazily (React.lazy) so a visitor downloads only what a page shows;
// React Router runs in declarative mode, which keeps the first page load small.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@secure-vault/shared/paths';
import { PublicLayout } from '@/components/layout/public-layout';

const QueryLayout = lazy(() => import('@/components/layout/query-layout'));
const Landing = lazy(() => import('@/app/routes/landing'));
const WhatWeDo = lazy(() => import('@/app/routes/what-we-do'));
const About = lazy(() => import('@/app/routes/about'));
const Contact = lazy(() => import('@/app/routes/contact'));
const ThankYou = lazy(() => import('@/app/routes/thank-you'));
const Verify = lazy(() => import('@/app/routes/verify'));
const NotFound = lazy(() => import('@/app/routes/not-found'));
const Mailbox = lazy(() => import('@/app/routes/mailbox'));
// Accounts and the signed-in area: guards and the signed-in frame load with the first page that
// needs them, never with the public pages.
const guards = () => import('@/components/layout/route-guards');
const SignedOutOnly = lazy(() => guards().then((module) => ({ default: module.SignedOutOnly })));
const AdminOnly = lazy(() => guards().then((module) => ({ default: module.AdminOnly })));
const AppLayout = lazy(() => import('@/components/layout/app-layout'));
const Auth = lazy(() => import('@/app/routes/auth'));
const ResetPassword = lazy(() => import('@/app/routes/reset-password'));
const UpdatePassword = lazy(() => import('@/app/routes/update-password'));
const Impersonate = lazy(() => import('@/app/routes/impersonate'));
const Dashboard = lazy(() => import('@/app/routes/dashboard'));
const Settings = lazy(() => import('@/app/routes/settings'));
const Admin = lazy(() => import('@/app/routes/admin'));
// The four trading screens share one chunk: one entry in the first page's preload table.
const trading = () => import('@/app/routes/trading');
const PreciousMetals = lazy(() => trading().then((module) => ({ default: module.PreciousMetals })));
const MetalCalculator = lazy(() =>
  trading().then((module) => ({ default: module.MetalCalculator })),
);
const CryptoList = lazy(() => trading().then((module) => ({ default: module.CryptoList })));
const CryptoDetail = lazy(() => trading().then((module) => ({ default: module.CryptoDetail })));
const Notifications = lazy(() => import('@/app/routes/notifications'));
const History = lazy(() => import('@/app/routes/history'));
const HistoryReceipt = lazy(() => import('@/app/routes/history-receipt'));
const Kyc = lazy(() => import('@/app/routes/kyc'));
const InterAccounts = lazy(() => import('@/app/routes/inter-accounts'));
const TransferAssets = lazy(() => import('@/app/routes/transfer-assets'));
const Withdrawal = lazy(() => import('@/app/routes/withdrawal'));
const FixedAssets = lazy(() => import('@/app/routes/fixed-assets'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.home} element={<Landing />} />
        <Route path={paths.whatWeDo} element={<WhatWeDo />} />
        <Route path={paths.about} element={<About />} />
        <Route path={paths.contact} element={<Contact />} />
        <Route path={paths.thankYou} element={<ThankYou />} />
        <Route path={paths.verify} element={<Verify />} />
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
          <Route path={`${paths.settings}/:section`} element={<Settings />} />
          <Route path={paths.preciousMetals} element={<PreciousMetals />} />
          <Route path="/metal-calculator/:symbol" element={<MetalCalculator />} />
          <Route path={paths.crypto} element={<CryptoList />} />
          <Route path="/crypto/:symbol" element={<CryptoDetail />} />
          <Route path={paths.notifications} element={<Notifications />} />
          <Route path={paths.history} element={<History />} />
          <Route path={`${paths.history}/:id`} element={<HistoryReceipt />} />
          <Route path={paths.kyc} element={<Kyc />} />
          <Route path={paths.interAccounts} element={<InterAccounts />} />
          <Route path={paths.transferAssets} element={<TransferAssets />} />
          <Route path={paths.withdrawal} element={<Withdrawal />} />
          <Route path={paths.fixedAssets} element={<FixedAssets />} />
          <Route element={<AdminOnly />}>
            <Route path={paths.admin} element={<Admin />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
