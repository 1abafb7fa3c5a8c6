import { apiPrefix } from '@secure-vault/shared/http';
import type { Language } from '@secure-vault/shared/i18n';
import { filterParams, type HistoryFilters, withQuery } from '../filters';

/**
 * The CSV of every row matching the filters (GET /me/history.csv), headed and labelled in the
 * page's language. A plain link with `download`: the browser fetches it with the session cookie
 * and saves it under the server's file name.
 */
export function historyCsvUrl(filters: HistoryFilters, language: Language): string {
  const params = filterParams(filters);
  params.set('language', language);
  return withQuery(`${apiPrefix}/me/history.csv`, params);
}
