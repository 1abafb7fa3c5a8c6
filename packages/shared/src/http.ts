// Conventions every API call follows.

/** Sent by the web app on every state-changing request; the server refuses such requests without it. */
export const csrfHeader = { name: 'x-requested-with', value: 'secure-vault' } as const;

export const apiPrefix = '/api/v1';
