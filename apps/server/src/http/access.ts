// Every route declares who may call it, and that declaration is enforced by hooks on the route
// itself — never by matching the URL, which a client can spell in many ways (`/%61pi/…`,
// `http://host/api/…`, `//api/…`) that the router still matches. A route without a declaration,
// wherever it lives, stops start-up: deny by default.
import type { FastifyInstance, FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import type { Access, Contract } from '@secure-vault/shared/contract';

export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * False for routes that never need the caller (static files, API docs): their requests skip
     * the session lookup. Default true.
     */
    readsSession?: boolean;
    /**
     * True for the hot routes whose one statement joins the session itself (auth/session-caller.ts,
     * DESIGN §3): their guard only refuses a request without a session cookie, and the handler
     * gets its caller from the statement, which yields nothing for a dead session. 'user' only.
     */
    joinsSession?: boolean;
    /** The contract the route was registered from (http/route.ts sets it). */
    contract?: Contract;
  }

  interface FastifyInstance {
    /** The access declared for a plugin's routes, inherited by the contexts it registers. */
    [pluginAccessKey]?: PluginAccess;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  readsSession: boolean;
  schema: FastifySchema | undefined;
  /** The contract the route was registered from (http/route.ts), if any. */
  contract: Contract | undefined;
}

/** What a route's guards are built from. */
export interface GuardedRoute {
  methods: string[];
  url: string;
  access: Access;
  readsSession: boolean;
  joinsSession: boolean;
}

export type GuardFactory = (route: GuardedRoute) => onRequestHookHandler[];

interface PluginAccess {
  access: Access;
  readsSession: boolean;
}

const pluginAccessKey = Symbol('pluginAccess');

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Declares the access of the routes that a third-party plugin registers inside `instance` (an
 * encapsulated context) without a declaration of their own, such as static files or API docs.
 */
export function declarePluginAccess(
  instance: FastifyInstance,
  access: Access,
  options: { readsSession: boolean },
): void {
  instance[pluginAccessKey] = { access, readsSession: options.readsSession };
}

/**
 * Puts the guards `guardsFor` builds in front of every route's own onRequest hooks, and refuses
 * to register a route that declares no access. Call on the root instance before any route.
 */
export function guardEveryRoute(app: FastifyInstance, guardsFor: GuardFactory): void {
  const table: RegisteredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
    // Contexts inherit from their parent by prototype, so a plugin's declaration covers the
    // contexts it registers in turn.
    const inherited = this[pluginAccessKey];
    const access = route.config?.access ?? inherited?.access;
    const methods = [route.method].flat().map(String);
    if (!access) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} does not declare its access (public, user or admin).`,
      );
    }
    const readsSession = route.config?.readsSession ?? inherited?.readsSession ?? true;
    const joinsSession = route.config?.joinsSession ?? false;
    if (joinsSession && (access !== 'user' || !readsSession)) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} can join the session only as 'user'.`,
      );
    }
    route.config = { ...route.config, access, readsSession, joinsSession };
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    const guarded = { methods, url: route.url, access, readsSession, joinsSession };
    route.onRequest = [...guardsFor(guarded), ...own];
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access,
        readsSession,
        schema: route.schema,
        contract: route.config?.contract,
      });
    }
  });
}

/** Every route registered on `app`, with its declared access (tests enumerate them). */
export function routeTable(app: FastifyInstance): readonly RegisteredRoute[] {
  const table = tables.get(app);
  if (!table) throw new Error('guardEveryRoute was not installed on this instance');
  return table;
}
