// Turns an API failure into text for a toast, in the page's language: the server's validation
// issues are locale keys; known error codes have texts in the `auth` catalog (`codes.<CODE>`);
// anything else gets the screen's own fallback (SPEC §8).
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { ApiError } from './api-client';

export function apiErrorText(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const issue = error.issues[0]?.message;
  if (error.code === 'VALIDATION' && issue && i18next.exists(issue)) return t(issue);
  if (error.code === 'RATE_LIMITED') return t('common:errors.rateLimited');
  if (error.code === 'UNAVAILABLE') return t('common:errors.network');
  const key = `auth:codes.${error.code}`;
  if (i18next.exists(key)) return t(key);
  return fallback;
}
