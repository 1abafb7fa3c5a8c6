// The history filters live in the address (?group=&from=&to=), so a filtered view survives a
// reload and can be bookmarked; the same filters build the list's and the CSV's queries.
import {
  type HistoryExportQuery,
  type HistoryGroup,
  historyGroupNames,
  type HistoryQuery,
  isHistoryDateInRange,
} from '@secure-vault/shared/history';
import type { Language } from '@secure-vault/shared/i18n';
import { isOneOf } from '@secure-vault/shared/guards';

export interface HistoryFilters {
  group?: HistoryGroup | undefined;
  /** Whole days (YYYY-MM-DD), inclusive, in UTC as the server reads them. */
  from?: string | undefined;
  to?: string | undefined;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function isGroup(value: string | null): value is HistoryGroup {
  return isOneOf(historyGroupNames, value);
}

/** The filters in an address; anything unusable is ignored. */
export function readFilters(params: URLSearchParams): HistoryFilters {
  const group = params.get('group');
  const from = params.get('from');
  const to = params.get('to');
  return {
    group: isGroup(group) ? group : undefined,
    from: from && datePattern.test(from) ? from : undefined,
    to: to && datePattern.test(to) ? to : undefined,
  };
}

/** True when a date is set but outside the days the server takes (historyDateRange). */
export function isDateOutOfRange(date: string | undefined): boolean {
  return date !== undefined && !isHistoryDateInRange(date);
}

/**
 * The filters the list and the CSV ask the server for: a date outside the range is left out
 * rather than sent to be refused. The address keeps it, so a year being typed digit by digit
 * (0002, 0020, 0202, 2026) stays in its field, and the filters bar says what is wrong meanwhile.
 */
export function queryableFilters(filters: HistoryFilters): HistoryFilters {
  return {
    group: filters.group,
    from: isDateOutOfRange(filters.from) ? undefined : filters.from,
    to: isDateOutOfRange(filters.to) ? undefined : filters.to,
  };
}

/** The filters in the address: group, from, to (only those set), in that order. */
export function filterParams(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.group) params.set('group', filters.group);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

/** The list's query for one page: the filters set, then the page's cursor and size. */
export function historyQuery(
  filters: HistoryFilters,
  paging: { cursor?: string | undefined; limit: number },
): HistoryQuery {
  return { group: filters.group, from: filters.from, to: filters.to, ...paging };
}

/** The CSV's query: the filters set, and the language of its header and labels. */
export function historyExportQuery(
  filters: HistoryFilters,
  language: Language,
): HistoryExportQuery {
  return { group: filters.group, from: filters.from, to: filters.to, language };
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Boolean(filters.group || filters.from || filters.to);
}
