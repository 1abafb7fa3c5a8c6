// The identity document's routes (contracts: shared/kyc/contracts.ts): the customer's upload
// (multipart, read as a stream: the only route that takes multipart/form-data, so the parser is
// registered for it alone) and removal, and staff's view of the decrypted file, served so that a
// crafted file cannot run anything in our origin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  type DocumentSide,
  documentMaxBytes,
  documentSides,
  type KycDocument,
} from '@secure-vault/shared/kyc';
import * as kyc from '@secure-vault/shared/kyc/contracts';
import type { AppContext } from '../../context.ts';
import { requestMeta } from '../../auth/request-meta.ts';
import { AppError, fieldOf } from '../../errors.ts';
import { route } from '../../http/route.ts';
import {
  checkDocumentsEditable,
  deleteDocument,
  discardStoredFile,
  recordDocument,
  sanitiseFileName,
  type StoredFile,
  storeDocumentFile,
  viewDocument,
} from './documents.ts';

/** What a multipart body may add around the file itself: boundaries, part headers, the side. */
const formOverheadBytes = 64 * 1024;

/** Replaces the app's policy for this answer (whose frame-ancestors 'none' it keeps as 'self'). */
export const documentPolicy = "default-src 'none'; frame-ancestors 'self'; sandbox";

const uploadLimits = {
  // One byte over the limit reaches storeDocumentFile, which refuses the file and keeps nothing.
  fileSize: documentMaxBytes + 1,
  files: 1,
  fields: 2,
  fieldSize: 100,
  fieldNameSize: 50,
  parts: 3,
  headerPairs: 20,
};

export function kycDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (uploads) => {
    await uploads.register(multipart, { limits: uploadLimits });
    route(uploads, kyc.uploadKycDocument, async (request, { user }) => {
      const upload = await receiveUpload(ctx, request, user.id);
      return recordDocument(ctx, user, upload, requestMeta(request));
    });
  });

  route(app, kyc.deleteKycDocument, async (request, auth) => {
    await deleteDocument(ctx, auth.user, request.params.id, requestMeta(request));
    return null;
  });

  route(app, kyc.getKycDocument, async (request, auth, reply) => {
    const { document, content } = await viewDocument(
      ctx,
      auth,
      request.params.userId,
      request.params.id,
      requestMeta(request),
    );
    return sendDocument(reply, document).send(content);
  });
}

/**
 * The answer's headers: the stored type, never sniffed, shown inline in a sandbox (no script,
 * no plugin of the file's own, an opaque origin), framed only by our own pages, never stored.
 * Chromium's PDF viewer still renders in such a sandbox, framed or not.
 */
function sendDocument(reply: FastifyReply, document: KycDocument): FastifyReply {
  return reply
    .status(200)
    .header('content-type', document.type)
    .header('content-length', document.size)
    .header('content-disposition', inlineDisposition(document.name))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', documentPolicy);
}

/**
 * `inline` with the name twice (RFC 6266): an ASCII fallback with quotes, backslashes and
 * anything outside printable ASCII replaced, and the exact name percent-encoded as UTF-8.
 */
export function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION', 'The request is not valid.', {
    issues: [{ path, message }],
  });
}

function sideOf(value: unknown): DocumentSide {
  const side = documentSides.find((known) => known === value);
  if (!side) throw invalid('body.side', 'kyc:errors.choiceRequired');
  return side;
}

/**
 * Reads the form, `side` and `file` in either order, streaming the file into storage as it
 * arrives; anything else in the form, or a part missing, is refused and the stored file removed.
 */
async function receiveUpload(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
): Promise<{ side: DocumentSide; name: string; file: StoredFile }> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the document as multipart/form-data.');
  }
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > documentMaxBytes + formOverheadBytes) {
    throw new AppError('FILE_TOO_LARGE', 'The document must be 10 MB or smaller.');
  }
  await checkDocumentsEditable(ctx, userId);
  let side: DocumentSide | undefined;
  let upload: { name: string; file: StoredFile } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'side' || side !== undefined) {
          throw invalid(`body.${part.fieldname}`, 'kyc:errors.fieldUnexpected');
        }
        side = sideOf(part.value);
      } else {
        if (part.fieldname !== 'file') {
          throw invalid(`body.${part.fieldname}`, 'kyc:errors.fieldUnexpected');
        }
        upload = {
          name: sanitiseFileName(part.filename),
          file: await storeDocumentFile(ctx, part.file),
        };
        if (part.file.truncated) {
          throw new AppError('FILE_TOO_LARGE', 'The document must be 10 MB or smaller.');
        }
      }
    }
    if (!upload) throw invalid('body.file', 'kyc:errors.documentRequired');
    if (!side) throw invalid('body.side', 'kyc:errors.choiceRequired');
    return { side, ...upload };
  } catch (error) {
    if (upload) await discardStoredFile(ctx, upload.file.storageKey);
    throw asUploadError(error);
  }
}

/** The form's own failures as the API's errors; anything else (storage) stays what it is. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = fieldOf(error, 'code');
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FILE_TOO_LARGE', 'The document must be 10 MB or smaller.');
  }
  const isFormError =
    (typeof code === 'string' && code.startsWith('FST_')) ||
    // The parser's own words for a malformed body, and a client that went away mid-upload.
    /multipart|boundary/i.test(error.message) ||
    code === 'ECONNRESET' ||
    error.message === 'aborted';
  if (!isFormError) return error;
  return new AppError('BAD_REQUEST', 'The upload is not a valid form: send one file and its side.');
}
