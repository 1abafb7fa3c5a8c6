/**
 * Stands in for the footer's year in the prerendered home page: the web build writes it
 * (apps/web/scripts/prerender.ts) and the server fills it in (apps/server/src/http/home-page.ts).
 */
export const yearPlaceholder = '%CURRENT_YEAR%';
