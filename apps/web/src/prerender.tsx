// Renders the home page to static HTML in one language, with the components the app itself
// uses. The SSR build of this file runs in scripts/prerender.ts at build time; nothing here
// ships to the browser.
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import i18next from 'i18next';
import type { Language } from '@secure-vault/shared/i18n';
import { PublicLayout } from '@/components/layout/public-layout';
import Landing from '@/features/marketing/routes/landing';
import { prepareI18n } from '@/lib/i18n';
import { pageTitle } from '@/lib/use-page-title';

export interface RenderedHome {
  /** The markup for #root. */
  html: string;
  title: string;
  description: string;
  /** The footer's copyright line for `year`, as the text to find and the text to put instead. */
  copyright: (year: string) => string;
}

export async function renderHome(language: Language): Promise<RenderedHome> {
  await prepareI18n(language, ['common', 'landing']);
  const html = renderToStaticMarkup(
    <StaticRouter location="/">
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<Landing />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
  const t = i18next.getFixedT(language, ['landing', 'common']);
  return {
    html,
    title: pageTitle(t('pageTitle'), t('common:brand')),
    description: t('metaDescription'),
    copyright: (year) => t('common:footer.copyright', { year }),
  };
}
