// Mail not yet delivered, for staff (contract: shared/mail-queue/contracts.ts): the kept messages
// still waiting to be tried again and those given up, newest first, with their last error
// (mail/mailer.ts keeps it without the mail server's words), never cached; and a given-up one
// sent again (resend-mail.ts).
import { and, count, desc, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as mailQueueContracts from '@secure-vault/shared/mail-queue/contracts';
import type { UndeliveredMail } from '@secure-vault/shared/mail-queue/contracts';
import { undeliveredMailLimit } from '@secure-vault/shared/mail-queue/limit';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { mailQueue } from '../../db/schema.ts';
import { route } from '../../http/route.ts';
import { type KeptMail, resendMail } from './resend-mail.ts';

/** The status code MailNotSentError (mail/mailer.ts) ends its message with, when the server gave one. */
function responseCodeOf(lastError: string): number | null {
  const code = /\((\d{3})\)$/.exec(lastError)?.[1];
  return code ? Number(code) : null;
}

export function mailQueueRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, mailQueueContracts.listUndeliveredMail, async (_request, _auth, reply) => {
    reply.header('cache-control', 'no-store');
    const unsent = isNull(mailQueue.sentAt);
    const [rows, [waiting], [givenUp]] = await Promise.all([
      ctx.db
        .select()
        .from(mailQueue)
        .where(unsent)
        .orderBy(desc(mailQueue.createdAt), desc(mailQueue.id))
        .limit(undeliveredMailLimit),
      ctx.db
        .select({ n: count() })
        .from(mailQueue)
        .where(and(unsent, isNull(mailQueue.givenUpAt))),
      ctx.db
        .select({ n: count() })
        .from(mailQueue)
        .where(and(unsent, isNotNull(mailQueue.givenUpAt))),
    ]);
    return {
      waiting: waiting?.n ?? 0,
      givenUp: givenUp?.n ?? 0,
      messages: rows.map(undeliveredMail),
    };
  });

  route(app, mailQueueContracts.resendMail, async (request, auth) =>
    undeliveredMail(await resendMail(ctx, auth, request.params.id, requestMeta(request))),
  );
}

/** A kept message not yet sent, as staff see it. */
function undeliveredMail(row: KeptMail): UndeliveredMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    state: row.givenUpAt ? 'given_up' : 'waiting',
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    givenUpAt: row.givenUpAt?.toISOString() ?? null,
    failure: row.lastError === null ? null : { responseCode: responseCodeOf(row.lastError) },
  };
}
