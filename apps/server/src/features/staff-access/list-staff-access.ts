// The customer's staff-access log (DESIGN §4, issue 15 item 4), read from the audit log and the
// journal: every audit row about the customer written by a staff member — never by the customer,
// and never a customer action taken while staff were signed in as them, which belongs to that
// session — newest first, paged by keyset on (created_at, id) (audit_log_subject_user_id_
// created_at_idx). An impersonation is one entry from its start, with its end and what changed:
// the journal rows and the customer-side audit rows that staff member caused on the account
// between the start and the end (or now while it is open). Staff appear as a role and a short
// reference; their email, name and address never leave the server.
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import type {
  StaffAccessChange,
  StaffAccessEntry,
  StaffAccessPage,
} from '@secure-vault/shared/staff-access/contracts';
import type { LedgerKind } from '@secure-vault/shared/history';
import type { AuditAction } from '../../auth/audit.ts';
import type { Db } from '../../db/client.ts';
import { kycVerifications } from '../../db/kyc-schema.ts';
import { auditLog, sessions } from '../../db/schema.ts';
import { cashSymbol, ledgerEntries } from '../../db/vault-schema.ts';
import { AppError } from '../../errors.ts';
import { staffReference } from '../../mail/staff-access-templates.ts';

/** The audit actions a customer sees, when staff wrote them. */
const listedActions = [
  'admin.impersonation_started',
  'admin.kyc_document_viewed',
  'admin.book_balance_set',
  'admin.book_balance_approved',
  'admin.book_balance_rejected',
  'admin.valuable_added',
  'admin.valuable_edited',
  'admin.valuable_deleted',
  'admin.password_reset',
  'admin.kyc_approved',
  'admin.kyc_rejected',
  'transfer.status_changed',
  'delivery.status_changed',
  'delivery.tracking_added',
] as const satisfies readonly AuditAction[];

/**
 * Journal kinds only staff's own tools write (an adjustment, an approved book balance): listed as
 * their own entries from the audit log, so never again as a change of a session.
 */
const staffToolKinds: LedgerKind[] = ['admin_add', 'admin_edit', 'admin_delete', 'book_balance'];

/** Changes listed per session; a longer session says how many more there were. */
const changesPerSession = 20;

/** The audit's "done by the customer" flag (a cancel), written as a JSON boolean. */
const byCustomer = sql`(${auditLog.details} ->> 'byCustomer') = 'true'`;

interface Cursor {
  /** created_at to the microsecond, ISO in UTC. */
  at: string;
  id: string;
}

const cursorPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** A real instant (read back as written, to the second) and a uuid, or a VALIDATION refusal. */
function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      cursorPattern.test(value[0]) &&
      uuidPattern.test(value[1])
    ) {
      const year = Number(value[0].slice(0, 4));
      const time = new Date(`${value[0].slice(0, 19)}Z`);
      const isReal =
        year >= 1900 &&
        year <= 2999 &&
        !Number.isNaN(time.getTime()) &&
        time.toISOString().slice(0, 19) === value[0].slice(0, 19);
      if (isReal) return { at: value[0], id: value[1] };
    }
  } catch {
    // fall through to the refusal
  }
  throw new AppError('VALIDATION', 'The staff-access cursor is not valid.', {
    issues: [{ path: 'querystring.cursor', message: 'settings:staffAccess.cursorInvalid' }],
  });
}

type Details = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const decimalPattern = /^-?\d+(\.\d+)?$/;
const decimal = (value: unknown): string | null => {
  const found = typeof value === 'number' ? String(value) : text(value);
  return found !== null && decimalPattern.test(found) ? found : null;
};
const objectOf = (value: unknown): Details =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
const dateOf = (value: unknown): Date | null => {
  const found = text(value);
  const date = found === null ? null : new Date(found);
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

interface AuditRow {
  id: string;
  action: string;
  actorId: string;
  details: Details;
  createdAt: Date;
}

interface SessionEnd {
  endedAt: Date | null;
  endReason: 'ended' | 'expired' | null;
}

export async function listStaffAccess(
  db: Db,
  userId: string,
  now: Date,
  page: { cursor?: string | undefined; limit: number },
): Promise<StaffAccessPage> {
  const conditions = [
    eq(auditLog.subjectUserId, userId),
    inArray(auditLog.action, [...listedActions]),
    isNotNull(auditLog.actorId),
    ne(auditLog.actorId, userId),
    sql`not coalesce(${byCustomer}, false)`,
  ];
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor);
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit + 1);
  const hasMore = rows.length > page.limit;
  const pageRows = (hasMore ? rows.slice(0, page.limit) : rows).map((row) => ({
    ...row,
    actorId: row.actorId ?? '',
    details: objectOf(row.details),
  }));
  const last = pageRows.at(-1);

  const started = pageRows.filter((row) => row.action === 'admin.impersonation_started');
  const ends = await sessionEnds(db, userId, started, now);
  const documentType = pageRows.some((row) => row.action === 'admin.kyc_document_viewed')
    ? await currentDocumentType(db, userId)
    : null;

  const entries: StaffAccessEntry[] = [];
  for (const row of pageRows) {
    if (row.action === 'admin.impersonation_started') {
      const end = ends.get(row.id) ?? { endedAt: null, endReason: null };
      const { changes, moreChanges } = await sessionChanges(
        db,
        userId,
        row.actorId,
        row.createdAt,
        end.endedAt ?? now,
      );
      entries.push({
        ...entryBase(row),
        kind: 'impersonation',
        endedAt: end.endedAt?.toISOString() ?? null,
        endReason: end.endReason,
        changes,
        moreChanges,
      });
    } else {
      entries.push(toEntry(row, documentType));
    }
  }
  return {
    entries,
    nextCursor: hasMore && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

function entryBase(row: AuditRow) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    staff: { role: 'staff' as const, ref: staffReference(row.actorId) },
  };
}

/** Any listed action other than the start of an impersonation, as the customer's entry. */
function toEntry(row: AuditRow, documentType: string | null): StaffAccessEntry {
  const base = entryBase(row);
  const details = row.details;
  switch (row.action) {
    case 'admin.kyc_document_viewed':
      return { ...base, kind: 'document_viewed', side: text(details.side), documentType };
    case 'admin.book_balance_set':
    case 'admin.book_balance_approved':
    case 'admin.book_balance_rejected':
      return {
        ...base,
        kind: 'balance_changed',
        change:
          row.action === 'admin.book_balance_set'
            ? 'set'
            : row.action === 'admin.book_balance_approved'
              ? 'approved'
              : 'rejected',
        amount: decimal(details.to) ?? decimal(details.amount) ?? decimal(details.bookBalance),
      };
    case 'admin.valuable_added':
    case 'admin.valuable_edited':
    case 'admin.valuable_deleted': {
      // Added: the item itself; edited: how it is now; removed: how it was.
      const item =
        row.action === 'admin.valuable_added'
          ? details
          : row.action === 'admin.valuable_edited'
            ? objectOf(details.after)
            : objectOf(details.before);
      return {
        ...base,
        kind: 'valuable_changed',
        change:
          row.action === 'admin.valuable_added'
            ? 'added'
            : row.action === 'admin.valuable_edited'
              ? 'edited'
              : 'deleted',
        itemName: text(item.itemName),
        itemType: text(item.itemType),
        value: decimal(item.estimatedValue),
      };
    }
    case 'admin.password_reset':
      return { ...base, kind: 'password_reset' };
    case 'admin.kyc_approved':
    case 'admin.kyc_rejected':
      return {
        ...base,
        kind: 'kyc_decided',
        decision: row.action === 'admin.kyc_approved' ? 'approved' : 'rejected',
      };
    case 'transfer.status_changed':
      return {
        ...base,
        kind: 'request_decided',
        requestType: text(details.type),
        status: text(details.status),
        amount: decimal(details.amount),
      };
    default:
      return {
        ...base,
        kind: 'delivery_updated',
        change: row.action === 'delivery.tracking_added' ? 'tracking' : 'status',
        status: text(details.status),
      };
  }
}

/**
 * How each impersonation on the page ended. The start records its session: a session revoked
 * (left by staff, signed out, or ended by a password change) ended then; one past its 30 minutes
 * expired then; otherwise it is still open. A session purged long after its end, or a start
 * recorded before the session id was, is closed by the first end staff recorded after it, else
 * by its expiry.
 */
async function sessionEnds(
  db: Db,
  userId: string,
  started: AuditRow[],
  now: Date,
): Promise<Map<string, SessionEnd>> {
  const result = new Map<string, SessionEnd>();
  if (started.length === 0) return result;
  const sessionIds = started
    .map((row) => text(row.details.sessionId))
    .filter((id): id is string => id !== null && uuidPattern.test(id));
  const sessionRows =
    sessionIds.length === 0
      ? []
      : await db
          .select({
            id: sessions.id,
            revokedAt: sessions.revokedAt,
            expiresAt: sessions.expiresAt,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, userId), inArray(sessions.id, sessionIds)));
  const sessionById = new Map(sessionRows.map((row) => [row.id, row]));
  const earliest = started.reduce(
    (min, row) => (row.createdAt < min ? row.createdAt : min),
    started[0]?.createdAt ?? now,
  );
  const endRows = await db
    .select({
      actorId: auditLog.actorId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectUserId, userId),
        eq(auditLog.action, 'admin.impersonation_ended'),
        gte(auditLog.createdAt, earliest),
      ),
    )
    .orderBy(asc(auditLog.createdAt));

  for (const row of started) {
    const sessionId = text(row.details.sessionId);
    const session = sessionId ? sessionById.get(sessionId) : undefined;
    const expiresAt =
      session?.expiresAt ?? dateOf(row.details.expiresAt) ?? new Date(row.createdAt.getTime());
    if (session?.revokedAt && session.revokedAt < expiresAt) {
      result.set(row.id, { endedAt: session.revokedAt, endReason: 'ended' });
      continue;
    }
    const recordedEnd = session
      ? undefined
      : endRows.find((end) =>
          sessionId
            ? text(objectOf(end.details).sessionId) === sessionId
            : end.actorId === row.actorId &&
              end.createdAt >= row.createdAt &&
              end.createdAt <= expiresAt,
        );
    if (recordedEnd) {
      result.set(row.id, { endedAt: recordedEnd.createdAt, endReason: 'ended' });
    } else if (expiresAt <= now) {
      result.set(row.id, { endedAt: expiresAt, endReason: 'expired' });
    } else {
      result.set(row.id, { endedAt: null, endReason: null });
    }
  }
  return result;
}

/**
 * What a staff member changed on the account between `from` and `to`: the journal's movements
 * they caused (a buy's cash leg is left out when the asset it bought is listed) and the requests
 * and deliveries they cancelled as the customer, oldest first.
 */
async function sessionChanges(
  db: Db,
  userId: string,
  staffId: string,
  from: Date,
  to: Date,
): Promise<{ changes: StaffAccessChange[]; moreChanges: number }> {
  const movements = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      assetSymbol: ledgerEntries.assetSymbol,
      itemName: ledgerEntries.itemName,
      quantityDelta: ledgerEntries.quantityDelta,
      valueDelta: ledgerEntries.valueDelta,
      reference: ledgerEntries.reference,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.actorId, staffId),
        gte(ledgerEntries.createdAt, from),
        lte(ledgerEntries.createdAt, to),
        notInArray(ledgerEntries.kind, staffToolKinds),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const cancels = await db
    .select({ action: auditLog.action, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectUserId, userId),
        eq(auditLog.actorId, staffId),
        inArray(auditLog.action, ['transfer.status_changed', 'delivery.status_changed']),
        byCustomer,
        gte(auditLog.createdAt, from),
        lte(auditLog.createdAt, to),
      ),
    )
    .orderBy(asc(auditLog.createdAt));

  // One movement's rows share its reference and time: list its assets, or its cash alone.
  const transaction = (row: (typeof movements)[number]) =>
    `${row.reference ?? row.id}|${row.createdAt.toISOString()}`;
  const hasAsset = new Set(
    movements.filter((row) => row.assetSymbol !== cashSymbol).map(transaction),
  );
  const changes: StaffAccessChange[] = [
    ...movements
      .filter((row) => row.assetSymbol !== cashSymbol || !hasAsset.has(transaction(row)))
      .map((row): StaffAccessChange => ({
        type: 'movement',
        at: row.createdAt.toISOString(),
        movement: row.kind,
        assetSymbol: row.assetSymbol,
        itemName: row.itemName,
        quantityDelta: row.quantityDelta,
        valueDelta: row.valueDelta,
      })),
    ...cancels.map((row): StaffAccessChange => {
      const details = objectOf(row.details);
      return row.action === 'transfer.status_changed'
        ? {
            type: 'request',
            at: row.createdAt.toISOString(),
            requestType: text(details.type) ?? 'request',
            status: text(details.status) ?? 'cancelled',
            amount: decimal(details.amount),
          }
        : {
            type: 'delivery',
            at: row.createdAt.toISOString(),
            status: text(details.status) ?? 'cancelled',
          };
    }),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    changes: changes.slice(0, changesPerSession),
    moreChanges: Math.max(0, changes.length - changesPerSession),
  };
}

/** The kind of identity document the customer's verification names (passport…), if any. */
async function currentDocumentType(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ data: kycVerifications.data })
    .from(kycVerifications)
    .where(eq(kycVerifications.userId, userId));
  return text(objectOf(row?.data).documentType);
}
