// One typed contract per API operation (DESIGN §3): method, full path, the zod schemas of its
// params, query and body, its success status and answer, the error codes it may answer and who
// may call it. The server registers its route from the contract (apps/server/src/http/route.ts)
// and the web app calls it through one typed client (apps/web/src/lib/api-client.ts); nothing
// else writes the path or the types.
import type { z } from 'zod';
import type { ChangeTopic } from './changes.ts';
import type { ErrorCode } from './errors.ts';

/** Who may call an operation; every route declares one and the server enforces it. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;

export interface Contract {
  method: HttpMethod;
  /** The whole path, `:name` for a parameter: `/api/v1/me/holdings/:symbol`. */
  path: string;
  access: Access;
  /** The OpenAPI group: the feature the operation belongs to. */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  status: SuccessStatus;
  /** The answer's JSON, `z.null()` for 204, or its text when `responseType` is not JSON. */
  response: z.ZodType;
  /** A media type other than JSON (`text/csv`): the web app links to it instead of fetching it. */
  responseType?: string;
  /**
   * The body is raw bytes of this media type (`application/pdf`) that the handler reads as a
   * Buffer, instead of JSON checked by `body`.
   */
  requestType?: string;
  /**
   * The codes this operation answers beyond the ones every operation of its access may
   * (`implicitErrors`): what a caller must be ready for.
   */
  errors: readonly ErrorCode[];
  /**
   * The body is multipart/form-data (a file upload) that the handler reads as a stream, instead
   * of JSON checked by `body`.
   */
  multipart?: boolean;
  /** Money-moving: the request must carry an Idempotency-Key (DESIGN §3). */
  idempotent?: boolean;
  /** Refused to a staff member signed in as the customer (DESIGN §4). */
  refusesImpersonation?: boolean;
  /**
   * What the operation's effect changes, by topic (`changeTopics`): once a call settles, worked
   * or not (an answer can be lost after the change was made), the web app refetches every query
   * of these topics. `[]` when nothing a screen shows changes (a code sent, a link checked);
   * read-only operations leave it out.
   */
  changes?: readonly ChangeTopic[];
}

/** Keeps a contract's literal types (path, method, schemas) for the client and the server. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/** The codes any operation may answer, by its access and whether it takes an Idempotency-Key. */
export function implicitErrors(
  contract: Pick<Contract, 'access' | 'idempotent' | 'refusesImpersonation'>,
): ErrorCode[] {
  const codes: ErrorCode[] = [
    'VALIDATION',
    'BAD_REQUEST',
    'CSRF',
    'RATE_LIMITED',
    'INTERNAL',
    'UNAVAILABLE',
  ];
  if (contract.access !== 'public') codes.push('UNAUTHENTICATED');
  if (contract.access === 'admin') {
    codes.push(
      'FORBIDDEN',
      'STAFF_2FA_REQUIRED',
      'STAFF_SECOND_FACTOR_REQUIRED',
      'STAFF_PASSKEY_REQUIRED',
      // Dual control (DESIGN §4): whoever is the subject, and who proposed, is checked per call.
      'OWN_ACCOUNT',
      'STAFF_ACCOUNT',
      'SAME_STAFF',
    );
  }
  if (contract.idempotent) {
    // CONFLICT: the same key is still being processed by another request.
    codes.push('IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_REUSED', 'CONFLICT');
  }
  if (contract.refusesImpersonation) codes.push('IMPERSONATION_FORBIDDEN');
  return codes;
}

/** Every code a contract may answer: the ones it declares and the ones of its access. */
export function declaredErrors(contract: Contract): Set<ErrorCode> {
  return new Set([...contract.errors, ...implicitErrors(contract)]);
}

/** The input or output type of one of a contract's schemas (never or undefined without one). */
type InputOf<C, Key extends string> = C extends { [K in Key]: infer S extends z.ZodType }
  ? z.input<S>
  : never;
type OutputOf<C, Key extends string> = C extends { [K in Key]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** A part the caller may leave out when every key of it is optional. */
type Part<Name extends string, Value> = [Value] extends [never]
  ? unknown
  : Record<string, never> extends Value
    ? { [K in Name]?: Value }
    : { [K in Name]: Value };

/** What a caller sends: `params`, `query` and `body` as the contract's schemas take them. */
export type ContractInput<C extends Contract> = Part<'params', InputOf<C, 'params'>> &
  Part<'query', InputOf<C, 'query'>> &
  Part<'body', InputOf<C, 'body'>> &
  (C extends { idempotent: true } ? { idempotencyKey: string } : unknown);

/** The request parts after validation, as the server's handler gets them. */
export interface ContractRequest<C extends Contract> {
  params: OutputOf<C, 'params'>;
  query: OutputOf<C, 'query'>;
  body: OutputOf<C, 'body'>;
}

/** The answer of a successful call. */
export type ContractResponse<C extends Contract> = z.output<C['response']>;

/** True when a call needs no input at all (`callApi(contract)`). */
export type NeedsNoInput<C extends Contract> =
  Record<string, never> extends ContractInput<C> ? true : false;

const parameter = /:([A-Za-z0-9_]+)/g;

/** What a path parameter or a query value may be on the wire. */
export type UrlValue = string | number | boolean | null | undefined;

/** The path with its parameters filled in, each encoded as one segment. */
export function pathOf(path: string, params: Record<string, UrlValue> | undefined): string {
  return path.replace(parameter, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The query string of a query object (`?a=1&b=x`, or '' when empty): undefined, null and empty
 * values are left out, arrays repeat their key.
 */
export function queryStringOf(
  query: Record<string, UrlValue | readonly UrlValue[]> | undefined,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of [value ?? null].flat()) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
