// Passkeys' routes (contracts: shared/passkeys/contracts.ts). Answers carry challenges and
// session details: never cached.
import type { FastifyInstance } from 'fastify';
import * as passkeyApi from '@secure-vault/shared/passkeys/contracts';
import type { AppContext } from '../../context.ts';
import { authenticationOptions } from '../../auth/passkeys.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { route } from '../../http/route.ts';
import { signingIn } from '../../http/signing-in.ts';
import { addPasskey, listPasskeys, removePasskey, startRegistration } from './manage.ts';
import { confirmWithPasskey, signInWithPasskey } from './sign-in.ts';

export function passkeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, passkeyApi.getPasskeys, (_request, auth) => listPasskeys(ctx, auth.user.id));

  route(app, passkeyApi.passkeyRegistrationOptions, (_request, auth) =>
    startRegistration(ctx, auth),
  );

  route(app, passkeyApi.addPasskey, (request, auth) =>
    addPasskey(ctx, auth, request.body, requestMeta(request)),
  );

  route(app, passkeyApi.removePasskey, async (request, auth) => {
    await removePasskey(ctx, auth, request.params.id, requestMeta(request));
    return null;
  });

  route(app, passkeyApi.passkeyChallenge, async (request) => ({
    options: await authenticationOptions(ctx, requestMeta(request)),
  }));

  route(app, passkeyApi.signInWithPasskey, signingIn(ctx, signInWithPasskey));

  route(app, passkeyApi.confirmWithPasskey, async (request, auth) => {
    await confirmWithPasskey(ctx, auth, request.body, requestMeta(request));
    return null;
  });
}
