// Signed statements and proof of holdings (contracts: shared/statements/contracts.ts): the
// signed-in customer's monthly statement and proof of holdings as signed PDFs, the public key
// they are signed with (and those that signed before a rotation), and the public check of a
// document anyone sends back.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as statements from '@secure-vault/shared/statements/contracts';
import type { AppContext } from '../../context.ts';
import { forgetHits, type Limit, limits, recordHits } from '../../auth/rate-limit.ts';
import {
  signDocument,
  signingKeyOf,
  signingKeysOf,
  type VerifyingKey,
  verifySignedDocument,
} from '../../auth/signing-key.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { drawProofOfHoldings, drawStatement } from './documents.ts';
import {
  openingPeriodOf,
  periodOf,
  readProofOfHoldings,
  readStatement,
} from './statement-model.ts';

/** The largest document the check reads: statements are far smaller. */
export const verifyMaxBytes = 5 * 1024 * 1024;

/** Checks per address: plenty for people, too few to probe the key. */
export const verifyLimit: Limit = { bucket: 'document_verify:ip', max: 30, windowMs: 15 * 60_000 };

/** No statement is issued for a month before the platform's first. */
const firstPeriod = '2000-01';

const invalid = {
  valid: false,
  kind: null,
  issuedTo: null,
  period: null,
  issuedAt: null,
  journalPosition: null,
} as const;

/** A key as the well-known address publishes it. */
function published(key: VerifyingKey) {
  return { keyId: key.keyId, publicKey: key.publicKeyBase64, pem: key.publicKeyPem };
}

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .type('application/pdf')
    .send(pdf);
}

/** The body as it arrived, refused past the limit before it is all read. */
async function readPdfBody(request: FastifyRequest, payload: NodeJS.ReadableStream) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > verifyMaxBytes) {
    throw new AppError('FILE_TOO_LARGE', 'The document is larger than 5 MB.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size > verifyMaxBytes) {
      throw new AppError('FILE_TOO_LARGE', 'The document is larger than 5 MB.');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export function statementRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * Counts one signed document the user asks for (statement or proof of holdings, one budget);
   * past the limit it is taken back and refused, before any drawing.
   */
  async function countDocument(userId: string): Promise<void> {
    const hits = await recordHits(ctx.db, ctx.config.dataKey, ctx.clock.now(), [
      { limit: limits.signedDocumentUser, value: userId },
    ]);
    if (hits.over.length > 0) {
      await forgetHits(ctx.db, hits.ids);
      throw new AppError('RATE_LIMITED', 'Too many documents. Please try again later.');
    }
  }

  route(app, statements.getStatement, async (request, { user }, reply) => {
    const period = request.params.file.slice(0, 7);
    const now = ctx.clock.now();
    if (period > periodOf(now) || period < firstPeriod) {
      throw new AppError('NOT_FOUND', 'There is no statement for that month yet.');
    }
    // Nothing happened on the account before it opened: a statement for then would only mislead.
    const opened = await openingPeriodOf(ctx.db, user.id);
    if (opened && period < opened) {
      throw new AppError(
        'NOT_FOUND',
        `Your account opened in ${opened}: there is no statement for a month before it.`,
      );
    }
    await countDocument(user.id);
    const language = request.query.lang ?? 'en';
    const model = await readStatement(ctx.db, user.id, period, now);
    const { pdf } = await drawStatement(model, language, ctx.config.appUrl);
    const signed = signDocument(
      pdf,
      {
        kind: 'statement',
        issuedTo: model.customer.masked,
        period,
        issuedAt: model.issuedAt.toISOString(),
        journalPosition: model.journalPosition.id,
      },
      signingKeyOf(ctx.config),
    );
    return sendPdf(reply, signed, `secure-vault-statement-${period}.pdf`);
  });

  route(app, statements.getProofOfHoldings, async (request, { user }, reply) => {
    await countDocument(user.id);
    const model = await readProofOfHoldings(ctx.db, user.id, ctx.clock.now());
    const { pdf } = await drawProofOfHoldings(model, request.query.lang ?? 'en', ctx.config.appUrl);
    const at = model.at.toISOString();
    const signed = signDocument(
      pdf,
      {
        kind: 'proof_of_holdings',
        issuedTo: model.customer.masked,
        period: at,
        issuedAt: at,
        journalPosition: model.journalPosition.id,
      },
      signingKeyOf(ctx.config),
    );
    return sendPdf(reply, signed, `secure-vault-proof-of-holdings-${at.slice(0, 10)}.pdf`);
  });

  route(app, statements.getSigningKey, async (_request, _auth, reply) => {
    const { current, previous } = signingKeysOf(ctx.config);
    reply.header('cache-control', 'public, max-age=300');
    return {
      algorithm: 'Ed25519' as const,
      ...published(current),
      previous: previous.map(published),
    };
  });

  /** Counts a check against the caller's address; past the limit it is taken back and refused. */
  async function countCheck(request: FastifyRequest): Promise<void> {
    const hits = await recordHits(ctx.db, ctx.config.dataKey, ctx.clock.now(), [
      { limit: verifyLimit, value: request.ip },
    ]);
    if (hits.over.length > 0) {
      await forgetHits(ctx.db, hits.ids);
      throw new AppError('RATE_LIMITED', 'Too many checks. Please try again later.');
    }
  }

  // The PDF arrives as raw bytes: its parser belongs to this route's scope alone.
  void app.register(async (verification) => {
    verification.addContentTypeParser(
      'application/pdf',
      async (request: FastifyRequest, payload: FastifyRequest['raw']) =>
        readPdfBody(request, payload),
    );
    route(
      verification,
      statements.verifyDocument,
      async (request) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body)) return invalid;
        const payload = verifySignedDocument(body, signingKeysOf(ctx.config));
        if (!payload) return invalid;
        return {
          valid: true,
          kind: payload.kind,
          issuedTo: payload.issuedTo,
          period: payload.period,
          issuedAt: payload.issuedAt,
          journalPosition: payload.journalPosition,
        };
      },
      {
        readsSession: false,
        // Counted before the body is read, so large and small attempts alike use the budget.
        onRequest: countCheck,
      },
    );
  });
}
