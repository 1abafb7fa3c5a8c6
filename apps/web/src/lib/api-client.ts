// The one way the web app talks to the API: `callApi(contract, input)` with the operation's
// contract from packages/shared, so the path, the input and the answer's type come from the one
// object the server registers too. JSON, the CSRF header on every state change, the page's
// language, the Idempotency-Key of money-moving operations, and errors turned into ApiError with
// the server's code.
import {
  type Contract,
  type ContractInput,
  type ContractResponse,
  type NeedsNoInput,
  pathOf,
  queryStringOf,
  type UrlValue,
} from '@secure-vault/shared/contract';
import { csrfHeader, idempotencyHeader } from '@secure-vault/shared/http';
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
  /** A refusal's figures (RefusalDetails for its code), when the server sent them. */
  readonly details: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    issues: ErrorIssue[] = [],
    details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
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
    response = await fetch(path, {
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
  if (!response.ok) throw errorFrom(response.status, payload, response.statusText);
  return payload as T;
}

/** The ApiError of a failed answer: the server's code, message, issues and figures, or INTERNAL. */
function errorFrom(status: number, payload: unknown, statusText: string): ApiError {
  const error = (payload as Partial<ErrorBody> | undefined)?.error;
  const code = isErrorCode(error?.code) ? error.code : 'INTERNAL';
  return new ApiError(
    status,
    code,
    error?.message ?? statusText,
    error?.issues ?? [],
    error?.details ?? {},
  );
}

/** What a call takes besides the contract's own parts. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The arguments of a call: none when the contract takes no input. */
export type CallArgs<C extends Contract> =
  NeedsNoInput<C> extends true
    ? [input?: ContractInput<C> & CallOptions]
    : [input: ContractInput<C> & CallOptions];

interface LooseInput extends CallOptions {
  params?: Record<string, UrlValue>;
  query?: Record<string, UrlValue | readonly UrlValue[]>;
  body?: unknown;
  idempotencyKey?: string;
}

/** The address of an operation with its params and query filled in (links, downloads). */
export function apiUrl<C extends Contract>(contract: C, ...[input]: CallArgs<C>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  return pathOf(contract.path, params) + queryStringOf(query);
}

/** Calls the operation `contract` describes and resolves to its answer (undefined for 204). */
export function callApi<C extends Contract>(
  contract: C,
  ...[input]: CallArgs<C>
): Promise<ContractResponse<C>> {
  const loose = (input ?? {}) as LooseInput;
  return request<ContractResponse<C>>(
    contract.method,
    apiUrl(contract, ...([input] as CallArgs<C>)),
    {
      body: loose.body,
      headers: loose.idempotencyKey ? { [idempotencyHeader]: loose.idempotencyKey } : {},
      ...(loose.signal ? { signal: loose.signal } : {}),
    },
  );
}

/** What an upload takes: the contract's params, the form and a progress callback. */
export type UploadArgs<C extends Contract> = Omit<ContractInput<C>, 'body'> & {
  formData: FormData;
  /** The share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a multipart operation's form (a file upload) and resolves to its answer. fetch reports
 * no upload progress, so this one request goes through XMLHttpRequest, with the same headers as
 * callApi (CSRF, language; the browser writes the multipart content type and its boundary) and
 * the same ApiError on failure. Aborting rejects with an AbortError.
 */
export function uploadApi<C extends Contract & { multipart: true }>(
  contract: C,
  { formData, onProgress, signal, ...input }: UploadArgs<C>,
): Promise<ContractResponse<C>> {
  const url = apiUrl(contract, ...([input] as unknown as CallArgs<C>));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(contract.method, url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLanguage());
    xhr.setRequestHeader(csrfHeader.name, csrfHeader.value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      settle();
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((xhr.status === 204 ? undefined : payload) as ContractResponse<C>);
      } else reject(errorFrom(xhr.status, payload, xhr.statusText));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'UNAVAILABLE', 'Network error', []));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    });
    xhr.send(formData);
  });
}
