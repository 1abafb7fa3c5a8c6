// What a document is, by its first bytes (SPEC §5, DESIGN §5): the name and the media type a
// browser declares are the customer's to choose, so neither is trusted.
import { Transform } from 'node:stream';
import type { DocumentMediaType } from '@secure-vault/shared/kyc';

/** How many leading bytes `detectMediaType` looks at. */
export const sniffBytes = 64;

const ascii = (head: Buffer, start: number, end: number) =>
  head.subarray(start, end).toString('latin1');
const startsWith = (head: Buffer, bytes: readonly number[]) =>
  head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte);

/** HEIF brands whose pictures are HEVC-coded: HEIC proper, image sequences too. */
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
/** Generic HEIF brands: HEIC only when a compatible brand says the pictures are HEVC. */
const heifBrands = new Set(['mif1', 'msf1']);

/** The media type of a file from its first bytes (up to `sniffBytes`), or null. */
export function detectMediaType(head: Buffer): DocumentMediaType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (isHeic(head)) return 'image/heic';
  return null;
}

/** An ISO-BMFF `ftyp` box first, naming HEIC as its major brand or HEIF with HEVC pictures. */
function isHeic(head: Buffer): boolean {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16 || boxSize % 4 !== 0) return false;
  const major = ascii(head, 8, 12);
  if (heicBrands.has(major)) return true;
  if (!heifBrands.has(major)) return false;
  // The compatible brands follow the minor version, up to the end of the box.
  const end = Math.min(boxSize, head.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    if (heicBrands.has(ascii(head, offset, offset + 4))) return true;
  }
  return false;
}

/**
 * Passes a file through once its first bytes say what it is: `onType` gets the media type (or
 * null, and the stream fails with the error it returns) before any byte is released, and
 * `limit` bytes at most may follow. `size()` is how many went through.
 */
export function sniffingStream(options: {
  limit: number;
  onType: (type: DocumentMediaType | null) => Error | undefined;
  tooLarge: () => Error;
}): Transform & { size(): number } {
  let head: Buffer | null = Buffer.alloc(0);
  let size = 0;
  const decide = (stream: Transform): Error | undefined => {
    if (head === null) return undefined;
    const error = options.onType(detectMediaType(head));
    if (!error) stream.push(head);
    head = null;
    return error;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.limit) return callback(options.tooLarge());
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < sniffBytes) return callback();
      callback(decide(this));
    },
    flush(callback) {
      callback(decide(this));
    },
  });
  return Object.assign(stream, { size: () => size });
}
