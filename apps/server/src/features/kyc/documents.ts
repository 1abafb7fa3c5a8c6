// The identity document (SPEC §2 Document Upload, §5; DESIGN §5): one file per side, type
// checked by its content, at most 10 MB, encrypted at rest under a random key, replaced by a new
// upload of its side and removable while the verification is a draft (or rejected, which an
// upload or a removal makes a draft again). Staff read it decrypted; every view is audited.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import {
  type DocumentMediaType,
  type DocumentSide,
  documentMaxBytes,
  type KycDocument,
} from '@secure-vault/shared/kyc';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../auth/audit.ts';
import type { RequestMeta } from '../../auth/request-meta.ts';
import type { RequestAuth } from '../../auth/sessions.ts';
import { kycDocuments, kycVerifications } from '../../db/kyc-schema.ts';
import { AppError } from '../../errors.ts';
import { notifyUser, type Tx } from '../../ledger/journal.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { documentStore, getVerified } from '../../storage/document-store.ts';
import { sniffingStream } from '../../storage/media-type.ts';
import { kycRowOf, lockedDraftRow, refuseUnlessEditable } from './kyc-state.ts';

type DocumentRow = typeof kycDocuments.$inferSelect;

/** A file in storage that no row names yet. */
export interface StoredFile {
  storageKey: string;
  size: number;
  mediaType: DocumentMediaType;
}

const maxNameLength = 200;

/**
 * The file name to keep and show: its last path segment, without control or bidirectional
 * formatting characters (which could disguise `gpj.exe` as `exe.jpg`), at most 200 characters
 * with the extension kept. It is only ever shown: files are stored under random keys.
 */
export function sanitiseFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // Lone surrogates too (the u flag matches them alone, never half of a pair).
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]/gu, '')
    .trim();
  const characters = [...clean];
  if (characters.length <= maxNameLength) return clean || 'document';
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(clean)?.[0] ?? '';
  return characters.slice(0, maxNameLength - extension.length).join('') + extension;
}

export function toKycDocument(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    side: row.side,
    name: row.name,
    size: row.size,
    type: row.mediaType,
    uploadedAt: row.createdAt.toISOString(),
  };
}

/**
 * Refuses before any byte of a file is read when the verification cannot take documents now;
 * the transaction that records the file checks again.
 */
export async function checkDocumentsEditable(ctx: AppContext, userId: string): Promise<void> {
  const row = await kycRowOf(ctx.db, userId);
  if (row) refuseUnlessEditable(row.status);
}

/**
 * Streams one uploaded file into document storage, encrypted, under a fresh random key: refused
 * (and nothing kept) when its first bytes are not one of the accepted types or when it grows past
 * the limit. Nothing names the file until `recordDocument` commits.
 */
export async function storeDocumentFile(ctx: AppContext, file: Readable): Promise<StoredFile> {
  const storageKey = randomUUID();
  let mediaType: DocumentMediaType | null = null;
  const sniffer = sniffingStream({
    limit: documentMaxBytes,
    onType: (type) => {
      mediaType = type;
      return type
        ? undefined
        : new AppError(
            'FILE_TYPE_UNSUPPORTED',
            'The document must be a JPG, PNG, HEIC, WEBP or PDF file.',
          );
    },
    tooLarge: () => new AppError('FILE_TOO_LARGE', 'The document must be 10 MB or smaller.'),
  });
  await documentStore(ctx.config).put(
    storageKey,
    pipeline(file, sniffer, () => {}),
  );
  if (mediaType === null) throw new Error('stored a file whose type was not checked');
  return { storageKey, size: sniffer.size(), mediaType };
}

/** Removes stored bytes that nothing needs any more; a failure is logged, not answered. */
export async function discardStoredFile(ctx: AppContext, storageKey: string): Promise<void> {
  try {
    await documentStore(ctx.config).delete(storageKey);
  } catch (error) {
    ctx.logger.warn({ err: error, storageKey }, 'a stored document could not be removed');
  }
}

/** Notes a change of the documents: a rejected verification is a draft again. */
async function markChanged(tx: Tx, userId: string, status: string, now: Date): Promise<void> {
  await tx
    .update(kycVerifications)
    .set({ status: 'draft', updatedAt: now })
    .where(eq(kycVerifications.userId, userId));
  if (status !== 'draft') await notifyUser(tx, userId, 'profile');
}

/**
 * Records a stored file as the document's `side`, replacing the one before it (whose bytes go
 * once the change has committed). Only while the verification is not started, a draft or
 * rejected; a verification not started begins as a draft. The stored file is removed when the
 * record fails.
 */
export async function recordDocument(
  ctx: AppContext,
  user: RequestAuth['user'],
  input: { side: DocumentSide; name: string; file: StoredFile },
  meta: RequestMeta,
): Promise<KycDocument> {
  const now = ctx.clock.now();
  let replaced: DocumentRow | undefined;
  let document: KycDocument;
  try {
    document = await ctx.database.transaction(async (tx) => {
      const verification = await lockedDraftRow(tx, user.id, now);
      refuseUnlessEditable(verification.status);
      [replaced] = await tx
        .delete(kycDocuments)
        .where(and(eq(kycDocuments.userId, user.id), eq(kycDocuments.side, input.side)))
        .returning();
      const [row] = await tx
        .insert(kycDocuments)
        .values({
          userId: user.id,
          side: input.side,
          name: input.name,
          size: input.file.size,
          mediaType: input.file.mediaType,
          storageKey: input.file.storageKey,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('the document cannot be read back');
      await markChanged(tx, user.id, verification.status, now);
      await writeAudit(tx, {
        action: 'kyc.document_uploaded',
        actorId: user.id,
        subjectUserId: user.id,
        ip: meta.ip,
        details: {
          documentId: row.id,
          side: row.side,
          type: row.mediaType,
          size: row.size,
          ...(replaced ? { replaced: replaced.id } : {}),
        },
        at: now,
      });
      return toKycDocument(row);
    });
  } catch (error) {
    await discardStoredFile(ctx, input.file.storageKey);
    throw error;
  }
  if (replaced) await discardStoredFile(ctx, replaced.storageKey);
  return document;
}

/** Removes one of the customer's own documents, row and bytes, while the verification is editable. */
export async function deleteDocument(
  ctx: AppContext,
  user: RequestAuth['user'],
  documentId: string,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const removed = await ctx.database.transaction(async (tx) => {
    const verification = await kycRowOf(tx, user.id, { lock: true });
    const [row] = await tx
      .delete(kycDocuments)
      .where(and(eq(kycDocuments.id, documentId), eq(kycDocuments.userId, user.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such document.');
    // Refusing throws, which rolls the removal back.
    const status = verification?.status ?? 'draft';
    refuseUnlessEditable(status);
    await markChanged(tx, user.id, status, now);
    await writeAudit(tx, {
      action: 'kyc.document_deleted',
      actorId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
      details: { documentId: row.id, side: row.side },
      at: now,
    });
    return row;
  });
  await discardStoredFile(ctx, removed.storageKey);
}

/**
 * A customer's document for staff: its record and its decrypted bytes, checked authentic before
 * the first byte goes out. The view is audited (who, whose, which document) before it is served.
 */
export async function viewDocument(
  ctx: AppContext,
  staff: RequestAuth,
  userId: string,
  documentId: string,
  meta: RequestMeta,
): Promise<{ document: KycDocument; content: Readable }> {
  const [row] = await ctx.db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, documentId), eq(kycDocuments.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such document.');
  let content: Readable;
  try {
    content = await getVerified(documentStore(ctx.config), row.storageKey);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    ctx.logger.error({ documentId }, 'a document has a record but no stored file');
    throw new AppError('NOT_FOUND', 'The document’s file is missing.');
  }
  try {
    await writeAudit(ctx.db, {
      action: 'admin.kyc_document_viewed',
      actorId: staff.user.id,
      subjectUserId: userId,
      ip: meta.ip,
      details: { documentId: row.id, side: row.side },
      at: ctx.clock.now(),
    });
  } catch (error) {
    content.destroy();
    throw error;
  }
  return { document: toKycDocument(row), content };
}
