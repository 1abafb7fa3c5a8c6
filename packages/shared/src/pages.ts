// Which addresses are pages of the web app, for the server: any other address is answered 404 with
// the app's not-found page, not a soft 200 (a crawler or a monitor would read that as a page).
// Apart from paths.ts so the pages that load little JavaScript do not carry the catalogue.
import { findCrypto, findMetal } from './catalogue.ts';
import { paths } from './paths.ts';

/**
 * Whether the web app has a page at `pathname` (no query). The server answers any other address
 * 404 with the app's not-found page instead of a soft 200 (SPEC §2's pages, Settings' sections,
 * the two asset pages for the catalogue's symbols, and a movement's receipt by its uuid, whose
 * owner only the API can tell).
 */
export function isAppPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (fixedPages.has(trimmed)) return true;
  const [, section, symbol, ...rest] = trimmed.split('/');
  if (symbol === undefined || rest.length > 0) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(symbol);
  } catch {
    return false;
  }
  if (section === 'metal-calculator') return findMetal(decoded) !== undefined;
  if (section === 'crypto') return findCrypto(decoded) !== undefined;
  if (section === 'history') return uuidPattern.test(decoded);
  return false;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fixedPages: ReadonlySet<string> = new Set(
  Object.values(paths).flatMap((value) => (typeof value === 'string' ? [value] : [])),
);
