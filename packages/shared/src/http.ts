// Conventions every API call follows.

/** Sent by the web app on every state-changing request; the server refuses such requests without it. */
export const csrfHeader = { name: 'x-requested-with', value: 'secure-vault' } as const;

export const apiPrefix = '/api/v1';

/** Money-moving requests carry this header (DESIGN §3, decision 007). */
export const idempotencyHeader = 'idempotency-key';
/** 8 to 100 visible ASCII characters; a fresh `crypto.randomUUID()` per user action fits. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{8,100}$/;
/** Set on a response that repeats the stored first answer to the same key. */
export const idempotentReplayHeader = 'idempotent-replayed';
