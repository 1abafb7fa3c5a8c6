// Every API route declares who may call it; a route without a declaration stops start-up.
import type { FastifyInstance } from 'fastify';

export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function requireAccessDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD')))
      return;
    if (!route.config?.access) {
      throw new Error(
        `Route ${String(route.method)} ${url} does not declare its access (public, user or admin).`,
      );
    }
  });
}
