// Sends a document to the public check (POST /api/v1/verify) as it is: the file's bytes with
// Content-Type application/pdf, which callApi (JSON only) does not send. The other headers are
// the ones callApi sends, the CSRF header among them, and a failure is the same ApiError.
import * as statements from '@secure-vault/shared/statements/contracts';
import type { Verification } from '@secure-vault/shared/statements/contracts';
import { csrfHeader } from '@secure-vault/shared/http';
import { ApiError, apiErrorOf, apiUrl } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** The largest document the check takes: 5 MB, as the server counts it. */
export const maxDocumentBytes = 5 * 1024 * 1024;

export const pdfType = 'application/pdf';

/** What the file picker offers. */
export const documentAccept = `${pdfType},.pdf`;

/** Why a file is refused before it is sent, if it is. */
export type FileProblem = 'notPdf' | 'tooLarge' | 'empty';

export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  const isPdf = file.type === pdfType || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!isPdf) return 'notPdf';
  if (file.size > maxDocumentBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** Checks a document with the server; resolves to its verdict. */
export async function verifyDocument(file: Blob, signal?: AbortSignal): Promise<Verification> {
  let response: Response;
  try {
    response = await fetch(apiUrl(statements.verifyDocument), {
      method: statements.verifyDocument.method,
      headers: {
        accept: 'application/json',
        'accept-language': currentLanguage(),
        [csrfHeader.name]: csrfHeader.value,
        'content-type': pdfType,
      },
      credentials: 'same-origin',
      body: file,
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'UNAVAILABLE', 'Network error', []);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, payload, response.statusText);
  // The verdict is what the page shows as the truth about a document: it is read by its schema.
  const verdict = statements.verifyDocument.response.safeParse(payload);
  if (!verdict.success) throw new ApiError(response.status, 'INTERNAL', 'Unexpected answer');
  return verdict.data;
}
