// Query keys that more than one part of the app must agree on: the realtime connection
// invalidates them when the server says something changed (DESIGN §6). A screen that reads the
// same data with extra parameters appends them (['me', 'valuables', { excludeCash: true }]), so
// an invalidation of the prefix reaches it too.
export const vaultQueryKeys = {
  profile: ['me', 'profile'],
  valuables: ['me', 'valuables'],
  summary: ['me', 'summary'],
} as const;

/** Delivery, transfer and other requests of the signed-in user (a prefix). */
export const requestsQueryKey = ['requests'] as const;
