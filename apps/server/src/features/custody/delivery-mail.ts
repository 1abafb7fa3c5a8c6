// The customer's email of where their delivery stands: queued with the change by the ledger's
// function (delivery_mail) and sent after the answer (any process's job runner sends it should
// this one stop first).
import type { AppContext } from '../../context.ts';
import { runAfterAnswer } from '../../auth/background-work.ts';

/** Sends the delivery's queued email after the answer. */
export function tell(ctx: AppContext): void {
  runAfterAnswer(ctx, 'delivery_email', async () => {
    await ctx.mailer.deliverQueued(ctx.clock.now());
  });
}
