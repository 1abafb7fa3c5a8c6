// The pages the web build prerenders to HTML (apps/web/scripts/prerender.ts) and the server sends
// as they are, filled in (apps/server/src/http/prerendered-page.ts), so the first page a visitor
// opens there needs no app bundle (docs/decisions/009).
import { paths } from './paths.ts';

/** Each prerendered page by the name of its files (`<name>.<language>.html`), with its path. */
export const prerenderedPages = { home: paths.home, about: paths.about } as const;
export type PrerenderedPage = keyof typeof prerenderedPages;

/** Stands in for the footer's year: the build writes it and the server fills it in. */
export const yearPlaceholder = '%CURRENT_YEAR%';
