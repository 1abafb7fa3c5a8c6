// Work done after the answer is sent (decision 010): what depends on whether an account exists
// (the lookup, a token, the mail) runs here, so the answer takes the same time either way. The
// app waits for it on close, and tests wait for it; a failure is logged without its message (it
// may hold an address) and never reaches the caller or crashes the process.
import type { AppContext } from '../context.ts';
import { serializeError } from '../logger.ts';

const pendingByApp = new WeakMap<AppContext, Set<Promise<void>>>();

function pendingOf(ctx: AppContext): Set<Promise<void>> {
  let pending = pendingByApp.get(ctx);
  if (!pending) {
    pending = new Set();
    pendingByApp.set(ctx, pending);
  }
  return pending;
}

/**
 * Starts `work` once the current request has answered: on the next turn of the event loop, after
 * the reply is written, so not even its first query delays the answer.
 */
export function runAfterAnswer(ctx: AppContext, task: string, work: () => Promise<void>): void {
  const pending = pendingOf(ctx);
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => {
      // Not even the message: a mail server's refusal quotes the recipient's address.
      ctx.logger.error(
        { task, err: serializeError(error, { keepsMessage: false }) },
        'background work failed',
      );
    })
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves once no background work of this app is left, including work started meanwhile. */
export async function backgroundWorkSettled(ctx: AppContext): Promise<void> {
  const pending = pendingOf(ctx);
  while (pending.size > 0) await Promise.all(pending);
}
