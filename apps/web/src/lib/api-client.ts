// The one way the web app talks to the API: JSON, the CSRF header on every state change,
// the page's language, and errors turned into ApiError with the server's code.
import { apiPrefix, csrfHeader } from '@secure-vault/shared/http';
import {
  type ErrorBody,
  type ErrorCode,
  type ErrorIssue,
  isErrorCode,
} from '@secure-vault/shared/errors';
import { currentLanguage } from './i18n';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ErrorIssue[];

  constructor(status: number, code: ErrorCode, message: string, issues: ErrorIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
    ...options.headers,
  };
  if (method !== 'GET') headers[csrfHeader.name] = csrfHeader.value;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path.startsWith('/api') ? path : `${apiPrefix}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch {
    throw new ApiError(0, 'UNAVAILABLE', 'Network error', []);
  }

  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as Partial<ErrorBody> | undefined)?.error;
    const code = isErrorCode(error?.code) ? error.code : 'INTERNAL';
    throw new ApiError(
      response.status,
      code,
      error?.message ?? response.statusText,
      error?.issues ?? [],
    );
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
