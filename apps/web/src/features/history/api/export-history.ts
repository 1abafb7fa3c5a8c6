import { apiPrefix } from '@secure-vault/shared/http';
import { filterParams, type HistoryFilters, withQuery } from '../filters';

/**
 * The CSV of every row matching the filters (GET /me/history.csv). A plain link with `download`:
 * the browser fetches it with the session cookie and saves it under the server's file name.
 */
export function historyCsvUrl(filters: HistoryFilters): string {
  return withQuery(`${apiPrefix}/me/history.csv`, filterParams(filters));
}
