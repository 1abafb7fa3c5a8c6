// The Idempotency-Key of a confirmed money-moving request (DESIGN §3): asking again for the same
// request (a retry after a failure) gives the same key, so the server never runs it twice; a
// different request, or any request after `settle()` (the previous one succeeded), gets a fresh
// key.
import { useCallback, useRef } from 'react';

export function useIdempotencyKey(): {
  keyFor: (request: unknown) => string;
  settle: () => void;
} {
  const current = useRef<{ request: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown) => {
    const fingerprint = JSON.stringify(request);
    if (current.current?.request !== fingerprint) {
      current.current = { request: fingerprint, key: crypto.randomUUID() };
    }
    return current.current.key;
  }, []);
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}
