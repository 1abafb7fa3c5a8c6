// The identity document's files (SPEC §2, §5; DESIGN §5): which sides a document type needs, and
// the browser's own check of a chosen file (type and 10 MB) before anything is uploaded. The
// server checks the bytes again.
import {
  type DocumentMediaType,
  type DocumentSide,
  documentMaxBytes,
  documentMediaTypes,
  type documentTypes,
} from '@secure-vault/shared/kyc';
import { isOneOf } from '@secure-vault/shared/guards';
import type { Language } from '@secure-vault/shared/i18n';
import { numberFormat } from '@/lib/format';

export type DocumentType = (typeof documentTypes)[number];

export const documentExtensions = ['jpg', 'jpeg', 'png', 'heic', 'webp', 'pdf'] as const;

/** The file picker's `accept`: the extensions and the media types. */
export const documentAccept = [
  ...documentExtensions.map((extension) => `.${extension}`),
  ...documentMediaTypes,
].join(',');

/** The sides a document type needs: a passport its photo page, the others front and back. */
export function documentSides(type: DocumentType | undefined): DocumentSide[] {
  return type === 'passport' ? ['front'] : ['front', 'back'];
}

// Types a browser may give a file it does not really know, or an older name of an allowed type.
const vagueTypes = new Set(['', 'application/octet-stream', 'image/heif', 'image/jpg']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why a chosen file cannot be uploaded (a `kyc:errors` key), or null when it may be. */
export function documentFileProblem(
  file: Pick<File, 'name' | 'size' | 'type'>,
): 'documentTypeUnsupported' | 'documentTooLarge' | null {
  const isKnownType = isOneOf(documentMediaTypes, file.type);
  const hasAllowedExtension = isOneOf(documentExtensions, extensionOf(file.name));
  if (!isKnownType && !(vagueTypes.has(file.type) && hasAllowedExtension)) {
    return 'documentTypeUnsupported';
  }
  if (file.size > documentMaxBytes) return 'documentTooLarge';
  if (file.size === 0) return 'documentTypeUnsupported';
  return null;
}

/** Images the browser can show as a preview (HEIC mostly not; PDFs are shown by name). */
export function isPreviewable(type: string): type is DocumentMediaType {
  return type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';
}

/** A size in megabytes (MiB, as the 10 MB limit is counted) for "2.35 MB". */
export function sizeInMegabytes(bytes: number): number {
  return bytes / (1024 * 1024);
}

export const documentMaxMegabytes = sizeInMegabytes(documentMaxBytes);

/**
 * A file's size as people read it, in the language's number format: whole kilobytes under a
 * megabyte ("420 KB", at least 1 for a file that is not empty), else megabytes to one decimal
 * ("1.4 MB"). Binary units, as the 10 MB limit is counted. `unit` picks the text ("sizeKb").
 */
export function fileSize(bytes: number, language: Language): { unit: 'kb' | 'mb'; size: string } {
  const megabytes = sizeInMegabytes(bytes);
  if (megabytes >= 1) {
    const format = numberFormat(language, 'file-megabytes', { maximumFractionDigits: 1 });
    return { unit: 'mb', size: format.format(megabytes) };
  }
  const kilobytes = bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0;
  // 1,023.6 KB rounds to 1,024: say "1 MB" rather than a kilobyte count that is a megabyte.
  if (kilobytes >= 1024)
    return {
      unit: 'mb',
      size: numberFormat(language, 'file-megabytes', { maximumFractionDigits: 1 }).format(1),
    };
  return {
    unit: 'kb',
    size: numberFormat(language, 'file-kilobytes', { maximumFractionDigits: 0 }).format(kilobytes),
  };
}
