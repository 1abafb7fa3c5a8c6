// After `vite build` and the SSR build of src/prerender.tsx: writes the prerendered pages (`/`
// and `/about`) as finished HTML, one file per page and language, into dist/prerendered/. The
// server sends the one the visitor's `language` cookie asks for
// (apps/server/src/http/prerendered-page.ts), so they load only the small src/home.ts instead of
// the whole app. The footer's year is left as a placeholder the server fills in, so a page built
// in December is still right in January.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { directionOf, type Language, languages } from '@secure-vault/shared/i18n';
import {
  type PrerenderedPage,
  prerenderedPages,
  yearPlaceholder,
} from '@secure-vault/shared/prerender';

const web = path.resolve(import.meta.dirname, '..');
// The build folder scripts/build.ts is filling (its first argument), else dist/.
const dist = path.resolve(process.argv[2] ?? path.join(web, 'dist'));
// The SSR build of src/prerender.tsx (its second argument), else .prerender/.
const ssrBuild = path.resolve(process.argv[3] ?? path.join(web, '.prerender'));
// What src/prerender.tsx exports (written out here: these scripts are checked without the app).
interface RenderedPage {
  html: string;
  title: string;
  description: string;
  copyright: (year: string) => string;
}
const { renderPage } = (await import(pathToFileURL(path.join(ssrBuild, 'prerender.js')).href)) as {
  renderPage: (name: PrerenderedPage, language: Language) => Promise<RenderedPage>;
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(
  readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;
const home = manifest['src/home.ts'];
if (!home) throw new Error('The build has no src/home.ts entry (see vite.config.ts).');
const homeScripts = [
  `<script type="module" crossorigin src="/${home.file}"></script>`,
  ...(home.imports ?? []).map(
    (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`,
  ),
].join('\n    ');

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The app's own modules, which src/home.ts preloads once the visitor points at a link.
const appModules = [
  ...template.matchAll(
    /<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g,
  ),
].map((match) => match[1]);
if (!appModules.some((href) => href?.includes('/assets/index-'))) {
  throw new Error('Prerender: the app entry is missing from index.html.');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/** Replaces what `pattern` matches, which must be exactly one place: a changed template fails the build. */
function replaceOnce(html: string, pattern: RegExp | string, replacement: string, what: string) {
  const matches =
    typeof pattern === 'string'
      ? html.split(pattern).length - 1
      : (html.match(new RegExp(pattern, 'g'))?.length ?? 0);
  if (matches !== 1) throw new Error(`Prerender: expected one ${what}, found ${matches}.`);
  return html.replace(pattern, () => replacement);
}

const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir);
const buildYear = String(new Date().getFullYear());

for (const [name, language] of (Object.keys(prerenderedPages) as PrerenderedPage[]).flatMap(
  (page) => languages.map((language) => [page, language] as const),
)) {
  const page = await renderPage(name, language);
  let html = template;
  html = replaceOnce(
    html,
    /<html [^>]*>/,
    `<html lang="${language}" dir="${directionOf(language)}" data-prerendered>`,
    '<html> tag',
  );
  html = replaceOnce(
    html,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.title)}</title>`,
    '<title>',
  );
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    'meta description',
  );
  if (language === 'ar') {
    html = replaceOnce(
      html,
      '<link rel="manifest" href="/manifest.webmanifest" />',
      '<link rel="manifest" href="/manifest.ar.webmanifest" />',
      'web app manifest link',
    );
  }
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  html = replaceOnce(
    html,
    /<script type="module"[^>]*><\/script>/,
    `<meta name="app-modules" content="${appModules.join(' ')}" />\n    ${homeScripts}`,
    'app script',
  );
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${replaceOnce(page.html, escapeHtml(page.copyright(buildYear)), escapeHtml(page.copyright(yearPlaceholder)), 'copyright line')}</div>`,
    '#root',
  );
  // The CSP refuses inline styles (docs/decisions/011): they would silently not apply.
  if (/<style[\s>]|<[^>]+\sstyle=/i.test(html)) {
    throw new Error(
      `Prerender: the ${language} ${name} page has an inline style, which the CSP refuses.`,
    );
  }
  writeFileSync(path.join(outDir, `${name}.${language}.html`), html);
}
// Neither the SSR build nor the manifest is needed any more, and the manifest is not for serving.
rmSync(ssrBuild, { recursive: true, force: true });
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
console.log(
  `Prerendered ${Object.keys(prerenderedPages).join(' and ')} in ${languages.join(' and ')} into ${path.relative(process.cwd(), outDir)}`,
);
