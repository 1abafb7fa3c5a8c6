// Renders the prerendered pages (the home page and /about) to static HTML in one language, with
// the components the app itself uses. The SSR build of this file runs in scripts/prerender.ts at
// build time; nothing here ships to the browser.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import i18next from 'i18next';
import type { Language } from '@secure-vault/shared/i18n';
import { type PrerenderedPage, prerenderedPages } from '@secure-vault/shared/prerender';
import { PublicLayout } from '@/components/layout/public-layout';
import About from '@/app/routes/about';
import Landing from '@/app/routes/landing';
import { prepareI18n } from '@/lib/i18n';
import { pageTitle } from '@/lib/use-page-title';

export interface RenderedPage {
  /** The markup for #root. */
  html: string;
  title: string;
  description: string;
  /** The footer's copyright line for `year`, as the text to find and the text to put instead. */
  copyright: (year: string) => string;
}

/** Each page with the catalogs it reads; the first holds its `pageTitle` and `metaDescription`. */
const pages: Record<PrerenderedPage, { element: ReactNode; namespaces: [string, ...string[]] }> = {
  home: { element: <Landing />, namespaces: ['landing'] },
  about: { element: <About />, namespaces: ['about', 'contact'] },
};

export async function renderPage(name: PrerenderedPage, language: Language): Promise<RenderedPage> {
  const { element, namespaces } = pages[name];
  await prepareI18n(language, ['common', ...namespaces]);
  const path = prerenderedPages[name];
  const html = renderToStaticMarkup(
    <StaticRouter location={path}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path={path} element={element} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
  const t = i18next.getFixedT(language, [namespaces[0], 'common']);
  return {
    html,
    title: pageTitle(t('pageTitle'), t('common:brand')),
    description: t('metaDescription'),
    copyright: (year) => t('common:footer.copyright', { year }),
  };
}
