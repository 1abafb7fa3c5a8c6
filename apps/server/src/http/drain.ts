// A stopping process drains before it closes (main.ts): for SHUTDOWN_DRAIN_MS it goes on
// serving, but readiness answers 503 so a balancer's health check takes it out of rotation, and
// every answer closes its connection so no keep-alive connection is left to be reused just as
// the server closes it. Only then does it stop accepting, finish what runs and exit.
import type { FastifyInstance } from 'fastify';

export interface Drain {
  /** True once a stop has begun. */
  readonly isDraining: boolean;
  start(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export function registerDrain(app: FastifyInstance): void {
  let isDraining = false;
  const drain: Drain = {
    get isDraining() {
      return isDraining;
    },
    start: () => {
      isDraining = true;
    },
  };
  app.decorate('drain', drain);
  app.addHook('onSend', async (_request, reply) => {
    if (isDraining) reply.header('connection', 'close');
  });
}
