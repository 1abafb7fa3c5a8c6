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
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
