// Fixed terms for the customer (contracts: shared/custody/contracts.ts; SPEC §9, DESIGN §5):
// the four offers, fixing a holding (the ledger's ledger_fix_term, which also queues the
// maturity job) and the customer's terms.
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { fixedTerms as offers } from '@secure-vault/shared/catalogue';
import {
  type FixedTerm,
  type FixedTermMonths,
  type FixedTermOffer,
  fixedTermRate,
} from '@secure-vault/shared/custody';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../db/caller.ts';
import { fixedTerms } from '../../db/custody-schema.ts';
import { fixTerm } from '../../ledger/custody.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';

export function listFixedTermOffers(): FixedTermOffer[] {
  return offers.map((offer) => ({
    months: offer.months,
    interestRate: offer.interestRate,
  }));
}

export function createFixedTerm(
  ctx: AppContext,
  caller: Caller,
  input: {
    body: { valuableId: string; months: FixedTermMonths; quantity?: string | undefined };
    idempotency: Idempotency;
    meta: RequestMeta;
  },
): Promise<Outcome<FixedTerm>> {
  const { body } = input;
  return fixTerm(ctx.database, caller, {
    id: randomUUID(),
    valuableId: body.valuableId,
    quantity: body.quantity ?? null,
    months: body.months,
    interestRate: fixedTermRate(body.months),
    language: input.meta.language,
    at: ctx.clock.now(),
    idempotency: input.idempotency,
  });
}

export async function getMyFixedTerms(ctx: AppContext, userId: string): Promise<FixedTerm[]> {
  const rows = await ctx.db
    .select({ json: sql<FixedTerm>`fixed_term_json(${fixedTerms})` })
    .from(fixedTerms)
    .where(eq(fixedTerms.userId, userId))
    .orderBy(desc(fixedTerms.startedAt), desc(fixedTerms.id));
  return rows.map((row) => row.json);
}
