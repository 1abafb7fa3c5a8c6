// Which request the running code works for, so what a request causes later (the mail it queued,
// the job it scheduled, the lines they log) names it: the request's id, the `x-request-id` its
// answer carried and `reqId` on its own log lines. Fastify's onRequest hook opens the context
// (app.ts); work started from the request, its answer sent or not, runs inside it; the job
// runner and the mail queue reopen it from the id they kept.
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as done for request `requestId` (nothing changes when it is null). */
export function forRequest<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}
