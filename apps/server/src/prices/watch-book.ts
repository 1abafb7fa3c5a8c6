// A process's watch on the price book: whenever the book changes (the `sv_prices` notice, sent
// once a new price has committed) it runs `look` — fire the price alerts the book reached, fill the
// limit orders it crossed — and sends the mail that queued. One look runs at a time; a change
// heard during one is looked at after it. A look that fails is logged and waits for the next
// change (and, for limit orders, the job runner's timer).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { pricesChannel } from '../db/notices.ts';

export function watchBook(
  app: FastifyInstance,
  ctx: AppContext,
  what: string,
  look: (at: Date) => Promise<number>,
): void {
  let running: Promise<void> | null = null;
  let again = false;
  const onChange = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        const at = ctx.clock.now();
        if ((await look(at)) > 0) await ctx.mailer.deliverQueued(at);
      } while (again);
    })()
      .catch((err: unknown) => {
        ctx.logger.warn({ err }, `${what} not looked at`);
      })
      .finally(() => {
        running = null;
      });
  };
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = await ctx.database.listen(pricesChannel, onChange);
  });
  app.addHook('onClose', async () => {
    await stop?.();
    await running;
  });
}
