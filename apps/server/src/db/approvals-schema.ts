// Dual control's table (DESIGN §4): a staff change of value on a customer's account, or of a price
// in the book (which has no customer), proposed by one staff member (the maker) and approved or
// rejected by another (the checker), once. The
// rules that must never depend on a route remembering them are CHECKs here: the checker is not
// the maker, neither is the customer, and neither is the staff member who made the request the
// proposal decides while signed in as the customer (origin). A trigger (migration 0015) refuses
// a staff account as the subject and fills the origin from the request. Every change needs a
// migration.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { proposalKinds, proposalStatuses } from '@secure-vault/shared/approvals';
import { oneOf } from './one-of.ts';
import { users } from './schema.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const staffProposals = pgTable(
  'staff_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: proposalKinds }).notNull(),
    /** The customer whose account approval changes; null for a price change, and only then. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The valuable or request it changes (the customer for a book balance): one pending each. */
    targetId: uuid('target_id'),
    /** The staff member who made the decided request while signed in as the customer. */
    originActorId: uuid('origin_actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What approval does, as the maker asked it (the kind's own shape). */
    payload: jsonb('payload').notNull(),
    /** The effect on the customer's value in dollars, signed. */
    amount: numeric('amount', { precision: 30, scale: 8 }).notNull(),
    status: text('status', { enum: proposalStatuses }).notNull().default('pending'),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => users.id),
    checkerId: uuid('checker_id').references(() => users.id),
    /** Why the checker rejected it. */
    reason: text('reason'),
    createdAt: timestamptz('created_at').notNull(),
    decidedAt: timestamptz('decided_at'),
  },
  (table) => [
    index('staff_proposals_pending_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('staff_proposals_one_pending_per_target')
      .on(table.targetId)
      .where(sql`${table.status} = 'pending' and ${table.targetId} is not null`),
    index('staff_proposals_decided_idx').on(table.decidedAt.desc(), table.id.desc()),
    index('staff_proposals_subject_idx').on(table.subjectUserId),
    uniqueIndex('staff_proposals_one_pending_price')
      .on(sql`(${table.payload} ->> 'symbol')`)
      .where(sql`${table.status} = 'pending' and ${table.kind} = 'price_change'`),
    check(
      'staff_proposals_subject_check',
      sql`(${table.kind} = 'price_change') = (${table.subjectUserId} is null)`,
    ),
    check('staff_proposals_kind_check', oneOf(table.kind, proposalKinds)),
    check('staff_proposals_status_check', oneOf(table.status, proposalStatuses)),
    check('staff_proposals_maker_not_subject', sql`${table.makerId} <> ${table.subjectUserId}`),
    check(
      'staff_proposals_checker_not_maker',
      sql`${table.checkerId} is null or (${table.checkerId} <> ${table.makerId} and ${table.checkerId} <> ${table.subjectUserId})`,
    ),
    check(
      'staff_proposals_not_origin',
      sql`${table.originActorId} is null or (${table.makerId} <> ${table.originActorId} and ${table.checkerId} is distinct from ${table.originActorId})`,
    ),
    check(
      'staff_proposals_decided',
      sql`(${table.status} = 'pending') = (${table.decidedAt} is null) and (${table.status} in ('approved', 'rejected')) = (${table.checkerId} is not null)`,
    ),
  ],
);
