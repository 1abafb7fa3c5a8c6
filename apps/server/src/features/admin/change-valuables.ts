// Staff propose adding, editing and deleting a customer's valuables (SPEC §5, DESIGN §4 "Dual
// control"): each is a proposal that takes effect only when another staff member approves it
// (ledger/proposals.ts makes the change then, through the ledger core, journaled and audited).
// Cash credits, sets or empties the customer's one cash position (DESIGN §2) and is always whole
// cents; a traded position may only be deleted; a valuable fixed for a term or in delivery
// cannot be changed. Each proposal is made once per Idempotency-Key (ledger/staff-idempotency.ts).
// An add or edit may carry a book balance for the customer (SPEC §5): proposed beside the
// valuable in its transaction, as the Book Balance tab proposes one (set-book-balance.ts).
import { eq } from 'drizzle-orm';
import type { Proposal } from '@secure-vault/shared/approvals';
import { dec, toFixedString } from '@secure-vault/shared/money';
import {
  type adminValuableInputSchema,
  type adminValuableUpdateSchema,
  vaultIssueKeys,
} from '@secure-vault/shared/vault';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { readProposal } from '../../db/proposal-wire.ts';
import { cashSymbol, valuables } from '../../db/vault-schema.ts';
import { AppError, invalidField } from '../../errors.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import type { Tx } from '../../ledger/journal.ts';
import type { Idempotency, Outcome } from '../../ledger/movement.ts';
import { type NewProposal, propose, snapshotOf } from '../../ledger/proposals.ts';
import { onceForKey } from '../../ledger/staff-idempotency.ts';
import { recordBookBalance } from './set-book-balance.ts';

export type AdminValuableInput = z.output<typeof adminValuableInputSchema>;
export type AdminValuableUpdate = z.output<typeof adminValuableUpdateSchema>;

/**
 * A cash amount staff may give: present, and above zero unless `allowZero`. The schema already
 * holds it to whole cents (usdInputSchema), as cash always is.
 */
function cashAmount(value: string | null, allowZero: boolean): string {
  if (value === null) throw invalidField('estimatedValue', vaultIssueKeys.cashAmountRequired);
  if (!allowZero && !dec(value).gt(0)) {
    throw invalidField('estimatedValue', vaultIssueKeys.cashAmountPositive);
  }
  return toFixedString(value);
}

function custodyItem(input: AdminValuableInput | AdminValuableUpdate) {
  return {
    itemName: input.itemName,
    itemType: input.itemType,
    estimatedValue: input.estimatedValue === null ? null : toFixedString(input.estimatedValue),
    description: input.description,
    storageLocation: input.storageLocation,
  };
}

/** What staff called a cash change, for the customer's history (blank words are none). */
function cashLabel(input: AdminValuableUpdate): { name: string | null; note: string | null } {
  const words = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
  return { name: words(input.itemName), note: words(input.description) };
}

/**
 * Makes the proposal once per key and answers it as the maker sees it (202). A `bookBalance`
 * the form carried is proposed for the same customer in the same transaction: both proposals
 * or neither, each then decided on its own.
 */
function proposeOnce(
  ctx: AppContext,
  staff: RequestAuth,
  idempotency: Idempotency,
  meta: RequestMeta,
  bookBalance: string | null,
  build: (tx: Tx) => Promise<NewProposal>,
): Promise<Outcome<Proposal>> {
  const at = ctx.clock.now();
  return onceForKey(ctx.database, staff.user.id, idempotency, at, 202, async (_, tx) => {
    const proposal = await build(tx);
    const row = await propose(tx, staff.user.id, proposal, at, meta.ip);
    if (bookBalance !== null && proposal.subjectUserId !== null) {
      await recordBookBalance(tx, staff.user.id, proposal.subjectUserId, bookBalance, at, meta.ip);
    }
    return readProposal(tx, staff.user.id, row.id);
  });
}

export function addValuable(
  ctx: AppContext,
  staff: RequestAuth,
  input: AdminValuableInput,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Proposal>> {
  return proposeOnce(ctx, staff, idempotency, meta, input.bookBalance, async () => {
    const isCash = input.itemType === 'cash';
    // No amount is no credit: the same "above zero" as 0.
    const item = isCash
      ? { ...custodyItem(input), estimatedValue: cashAmount(input.estimatedValue ?? '0', false) }
      : custodyItem(input);
    return {
      subjectUserId: input.userId,
      // A new item has no id yet: the proposal is its own target.
      targetId: crypto.randomUUID(),
      amount: item.estimatedValue ?? '0',
      payload: { kind: 'valuable_add', item, label: isCash ? cashLabel(input) : null },
    };
  });
}

/**
 * The valuable staff want to change, locked for the proposal: what it is routes the change, and
 * approval checks it is still the same. Only an active valuable may be changed.
 */
async function valuableToChange(tx: Tx, valuableId: string) {
  const [found] = await tx
    .select()
    .from(valuables)
    .where(eq(valuables.id, valuableId))
    .for('update');
  if (!found) throw new AppError('NOT_FOUND', 'No such valuable.');
  if (found.status !== 'active') {
    throw new AppError(
      'ASSET_UNAVAILABLE',
      'This valuable is fixed for a term, in delivery or delivered; it cannot be changed now.',
    );
  }
  return found;
}

export function editValuable(
  ctx: AppContext,
  staff: RequestAuth,
  valuableId: string,
  input: AdminValuableUpdate,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Proposal>> {
  return proposeOnce(ctx, staff, idempotency, meta, input.bookBalance, async (tx) => {
    const found = await valuableToChange(tx, valuableId);
    const before = snapshotOf(found);
    const isCash = found.assetSymbol === cashSymbol;
    if (isCash !== (input.itemType === 'cash')) {
      throw invalidField('itemType', vaultIssueKeys.cashTypeFixed);
    }
    if (!isCash && (found.assetSymbol !== null || found.quantity !== null)) {
      throw new AppError(
        'UNPROCESSABLE',
        "A traded position's value follows its quantity at listed prices; staff can only delete it.",
      );
    }
    const item = isCash
      ? { ...custodyItem(input), estimatedValue: cashAmount(input.estimatedValue, true) }
      : custodyItem(input);
    // A balance below zero could never be approved: refused now, as the ledger would then.
    if (isCash && dec(item.estimatedValue ?? '0').lt(0)) {
      throw new AppError('INSUFFICIENT_CASH', 'A cash balance cannot be set below zero.');
    }
    return {
      subjectUserId: found.userId,
      targetId: valuableId,
      amount: dec(item.estimatedValue ?? '0')
        .minus(found.estimatedValue ?? '0')
        .toFixed(),
      payload: {
        kind: 'valuable_edit',
        valuableId,
        before,
        item,
        label: isCash ? cashLabel(input) : null,
      },
    };
  });
}

export function deleteValuable(
  ctx: AppContext,
  staff: RequestAuth,
  valuableId: string,
  idempotency: Idempotency,
  meta: RequestMeta,
): Promise<Outcome<Proposal>> {
  return proposeOnce(ctx, staff, idempotency, meta, null, async (tx) => {
    const found = await valuableToChange(tx, valuableId);
    return {
      subjectUserId: found.userId,
      targetId: valuableId,
      amount: dec(0)
        .minus(found.estimatedValue ?? '0')
        .toFixed(),
      payload: { kind: 'valuable_delete', valuableId, before: snapshotOf(found) },
    };
  });
}
