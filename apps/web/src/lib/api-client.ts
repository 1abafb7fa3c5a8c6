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
import { type ErrorCode, type ErrorIssue, isErrorCode } from '@secure-vault/shared/errors';
import { fieldOf } from '@secure-vault/shared/guards';
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

/**
 * An answer as its contract types it. Not checked: the server built it with the contract's own
 * response schema, and parsing every answer again would cost each screen its time.
 */
function answerOf<C extends Contract>(payload: unknown): ContractResponse<C> {
  // cast: the payload is the JSON the server wrote for this contract from its response schema.
  return payload as ContractResponse<C>;
}

async function request<C extends Contract>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ContractResponse<C>> {
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

  if (response.status === 204) return answerOf<C>(undefined);
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, payload, response.statusText);
  return answerOf<C>(payload);
}

/**
 * The ApiError of a failed answer: the server's code, message, issues and figures (ErrorBody),
 * each taken only when it has its type, so a proxy's page or an empty answer is INTERNAL with
 * the status text.
 */
export function apiErrorOf(status: number, payload: unknown, statusText: string): ApiError {
  const error = fieldOf(payload, 'error');
  const code = fieldOf(error, 'code');
  const message = fieldOf(error, 'message');
  return new ApiError(
    status,
    isErrorCode(code) ? code : 'INTERNAL',
    typeof message === 'string' ? message : statusText,
    issuesOf(fieldOf(error, 'issues')),
    detailsOf(fieldOf(error, 'details')),
  );
}

function issuesOf(value: unknown): ErrorIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue: unknown) => {
    const path = fieldOf(issue, 'path');
    const message = fieldOf(issue, 'message');
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

function detailsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const details: Record<string, string> = {};
  const entries: [string, unknown][] = Object.entries(value);
  for (const [key, figure] of entries) {
    if (typeof figure === 'string') details[key] = figure;
  }
  return details;
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

/**
 * A call's input with its parts by name. For a contract not known yet TypeScript cannot see into
 * ContractInput's parts, so it takes the input as a LooseInput as it is; what makes that true is
 * that every contract's params and query are URL values (text, numbers, booleans) on the wire.
 */
function looseInput<C extends Contract>(
  input: (ContractInput<C> & CallOptions) | Omit<ContractInput<C>, 'body'> | undefined,
): LooseInput {
  return input ?? {};
}

function urlOf(path: string, { params, query }: LooseInput): string {
  return pathOf(path, params) + queryStringOf(query);
}

/** The address of an operation with its params and query filled in (links, downloads). */
export function apiUrl<C extends Contract>(contract: C, ...[input]: CallArgs<C>): string {
  return urlOf(contract.path, looseInput<C>(input));
}

/** Calls the operation `contract` describes and resolves to its answer (undefined for 204). */
export function callApi<C extends Contract>(
  contract: C,
  ...[input]: CallArgs<C>
): Promise<ContractResponse<C>> {
  const loose = looseInput<C>(input);
  return request<C>(contract.method, urlOf(contract.path, loose), {
    body: loose.body,
    headers: loose.idempotencyKey ? { [idempotencyHeader]: loose.idempotencyKey } : {},
    ...(loose.signal ? { signal: loose.signal } : {}),
  });
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
  args: UploadArgs<C>,
): Promise<ContractResponse<C>> {
  const { formData, onProgress, signal } = args;
  const url = urlOf(contract.path, looseInput<C>(args));
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
        resolve(answerOf<C>(xhr.status === 204 ? undefined : payload));
      } else reject(apiErrorOf(xhr.status, payload, xhr.statusText));
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
