// Error codes shared by the API and the web app. The server maps each code to an HTTP status;
// the web app maps each code to a translated text (locales: `auth:codes.<CODE>`).

export const errorCodes = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  // Accounts and security (auth.ts)
  TOTP_REQUIRED: 401,
  INVALID_CREDENTIALS: 401,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_TOO_SOON: 429,
  EMAIL_TAKEN: 409,
  TOKEN_INVALID: 400,
  STAFF_2FA_REQUIRED: 403,
  /** A staff session that signed in without its second factor (two-factor is checked per session). */
  STAFF_SECOND_FACTOR_REQUIRED: 403,
  IMPERSONATION_FORBIDDEN: 403,
  /** Dual control (DESIGN §4): staff do not act on their own account. */
  OWN_ACCOUNT: 403,
  /** Dual control: staff accounts are managed with `npm run admin`, never from the panel. */
  STAFF_ACCOUNT: 403,
  /**
   * Dual control: the maker of a proposal (or the staff member who made the request while
   * signed in as the customer) cannot be its checker.
   */
  SAME_STAFF: 403,
  /** A wrong authenticator or recovery code (sign-in with two-factor, enabling or disabling it). */
  TOTP_INVALID: 400,
  /** The current password given to change it is wrong (400, not 401: the session is fine). */
  PASSWORD_INCORRECT: 400,
  /** A change of security settings needs the password given again (auth/contracts confirmPassword). */
  REAUTH_REQUIRED: 403,
  /** A passkey's answer that does not verify: unknown, from another site, replayed or cloned. */
  PASSKEY_INVALID: 400,
  /** The password was right; the account's passkey (its second factor) is asked for next. */
  PASSKEY_REQUIRED: 401,
  /** Staff tools need a session signed in with a passkey when STAFF_2FA=passkey. */
  STAFF_PASSKEY_REQUIRED: 403,
  // Vault and trading
  INSUFFICIENT_CASH: 422,
  INSUFFICIENT_HOLDING: 422,
  ASSET_UNAVAILABLE: 422,
  UNKNOWN_ASSET: 400,
  QUANTITY_INVALID: 400,
  BELOW_MINIMUM: 422,
  /** The book moved past the tolerance since the order's price was shown (details: the new price). */
  PRICE_CHANGED: 409,
  /**
   * Trading in the asset is halted: the price feed has not vouched for its price for
   * PRICE_FEED_STALE_AFTER_SECONDS (details: its symbol). 409, as PRICE_CHANGED: the request is
   * sound and the server well, but the asset's state refuses it until the feed answers again.
   */
  PRICE_STALE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  /** Sending value out of the platform needs approved identity verification (DESIGN §5). */
  KYC_REQUIRED: 403,
  /** Asset to cash for more than the unlocked holdings are worth (SPEC §8 "Insufficient asset balance"). */
  INSUFFICIENT_ASSETS: 422,
  /** Crypto and cash are digital: they cannot be delivered (DESIGN §5). */
  NOT_DELIVERABLE: 422,
  /** A deposit or withdrawal over the most one request may be (details: banking/limits.ts). */
  OVER_REQUEST_LIMIT: 422,
  /** A deposit or withdrawal past what 24 hours' requests may add up to (banking/limits.ts). */
  OVER_DAILY_LIMIT: 422,
  // Identity verification (kyc.ts)
  /** An upload over its size limit (KYC documents: 10 MB). */
  FILE_TOO_LARGE: 413,
  /** An upload whose content is not one of the accepted types (checked by its bytes). */
  FILE_TYPE_UNSUPPORTED: 415,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorIssue {
  path: string;
  /** A message key such as `contact:errors.fullName` (namespace:key); the web app translates it. */
  message: string;
}

/**
 * The figures a ledger refusal carries, so a caller can say what is short without asking again:
 * amounts in US dollars and quantities in the asset's unit, as exact decimal strings.
 */
export interface RefusalDetails {
  INSUFFICIENT_CASH: { needed: string; balance: string };
  /** `symbol` is left out where the holding is a custody item or cash. */
  INSUFFICIENT_HOLDING: { symbol?: string; wanted: string; held: string };
  INSUFFICIENT_ASSETS: { wanted: string; available: string };
  /** The book's price now, on the order's side (what a buyer pays, what a seller receives). */
  PRICE_CHANGED: { symbol: string; price: string };
  /** The asset whose trading is halted because its feed price is out of date. */
  PRICE_STALE: { symbol: string };
}

export type RefusalCode = keyof RefusalDetails;

/** Each refusal's figures (exact decimals), and the asset symbol where it names one. */
export const refusalDetailFields: {
  [C in RefusalCode]: { figures: readonly (keyof RefusalDetails[C])[]; symbol?: true };
} = {
  INSUFFICIENT_CASH: { figures: ['needed', 'balance'] },
  INSUFFICIENT_HOLDING: { figures: ['wanted', 'held'], symbol: true },
  INSUFFICIENT_ASSETS: { figures: ['wanted', 'available'] },
  PRICE_CHANGED: { figures: ['price'], symbol: true },
  PRICE_STALE: { figures: [], symbol: true },
};

export function isRefusalCode(code: ErrorCode): code is RefusalCode {
  return Object.hasOwn(refusalDetailFields, code);
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    issues?: ErrorIssue[];
    /** A refusal's figures (RefusalDetails for its code). */
    details?: Record<string, string>;
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
