// Document storage: the disk store writes whole files or nothing, the encrypted store keeps
// nothing readable and refuses anything altered, files from before a key rotation stay readable
// and are re-keyed whole or not at all, and a file's type comes from its first bytes.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataKeys, dataKeyOf } from '../auth/data-keys.ts';
import { legacyFile } from '../test/legacy-formats.ts';
import { BlobNotFoundError, diskBlobStore, memoryBlobStore } from './blob-store.ts';
import {
  DecryptionError,
  decryptingStream,
  deriveKey,
  deriveKeys,
  encryptedBlobStore,
  rekeyStoredFile,
} from './encrypted-store.ts';
import { getVerified } from './document-store.ts';
import { detectMediaType, sniffingStream } from './media-type.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'sv-storage-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes in chunks of `size`, as an upload arrives. */
function chunked(bytes: Buffer, size = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    chunks.push(bytes.subarray(offset, offset + size));
  }
  return Readable.from(chunks);
}

/** A stream that gives `bytes` and then fails, as an upload cut off half-way. */
function failingAfter(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error('connection lost');
    })(),
  );
}

const key = () => crypto.randomUUID();

describe('the disk store', () => {
  it('puts, gets and deletes whole files, readable by the server only', async () => {
    const store = diskBlobStore(path.join(folder, 'disk'));
    const name = key();
    const bytes = randomBytes(200_000);
    await store.put(name, chunked(bytes));
    expect(await read(await store.get(name))).toEqual(bytes);
    expect((await stat(path.join(folder, 'disk', name))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(folder, 'disk'))).mode & 0o777).toBe(0o700);
    await store.delete(name);
    await expect(store.get(name)).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete(name);
  });

  it('leaves nothing behind when the content fails half-way', async () => {
    const store = diskBlobStore(path.join(folder, 'failing'));
    await expect(store.put(key(), failingAfter(randomBytes(1000)))).rejects.toThrow(
      'connection lost',
    );
    expect(await readdir(path.join(folder, 'failing'))).toEqual([]);
  });

  it('refuses keys that could name another file', async () => {
    const store = diskBlobStore(path.join(folder, 'keys'));
    for (const bad of ['../escape', 'a/b', '', '.hidden', 'x'.repeat(200), 'a\0b']) {
      await expect(store.put(bad, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'invalid storage key',
      );
      await expect(store.get(bad)).rejects.toThrow('invalid storage key');
    }
  });
});

describe('the memory store', () => {
  it('keeps exactly the bytes it was given, and refuses a stream of text', async () => {
    const store = memoryBlobStore();
    const content = randomBytes(100);
    await store.put('bytes', Readable.from([content.subarray(0, 40), content.subarray(40)]));
    expect(store.stored.get('bytes')).toEqual(content);
    await expect(store.put('text', Readable.from(['not bytes']))).rejects.toThrow(TypeError);
    expect(store.stored.has('text')).toBe(false);
  });
});

/** Keys as document-store.ts derives them: `current` and then `previous` DATA_KEYs. */
function documentKeys(current: Buffer, ...previous: Buffer[]): DataKeys {
  return deriveKeys(
    { current: dataKeyOf(current), previous: previous.map(dataKeyOf) },
    'kyc documents v1',
  );
}

describe('the encrypted store', () => {
  const dataKey = randomBytes(32);
  const documentsKey = deriveKey(dataKey, 'kyc documents v1');
  const keys = documentKeys(dataKey);

  it('derives a key per purpose, never DATA_KEY itself', () => {
    expect(documentsKey).toHaveLength(32);
    expect(documentsKey.equals(dataKey)).toBe(false);
    expect(deriveKey(dataKey, 'something else').equals(documentsKey)).toBe(false);
    expect(deriveKey(dataKey, 'kyc documents v1').equals(documentsKey)).toBe(true);
  });

  it('stores version, key id, nonce, ciphertext and tag: nothing of the original, and reads it back', async () => {
    const inner = memoryBlobStore();
    const store = encryptedBlobStore(inner, keys);
    expect(keys.current.key.equals(documentsKey)).toBe(true);
    const original = Buffer.concat([
      Buffer.from('%PDF-1.7 passport of Jane Citizen '),
      randomBytes(100_000),
    ]);
    const name = key();
    await store.put(name, chunked(original, 1000));
    const stored = inner.stored.get(name);
    expect(stored).toHaveLength(1 + 4 + 12 + original.length + 16);
    expect(stored?.[0]).toBe(2);
    expect(stored?.subarray(1, 5).toString('hex')).toBe(dataKeyOf(dataKey).id);
    expect(stored?.includes(Buffer.from('Jane Citizen'))).toBe(false);
    expect(stored?.includes(original.subarray(0, 16))).toBe(false);
    expect(await read(await store.get(name))).toEqual(original);
  });

  it('uses a fresh nonce for every file', async () => {
    const inner = memoryBlobStore();
    const store = encryptedBlobStore(inner, keys);
    const [a, b] = [key(), key()];
    const same = Buffer.from('the same picture twice');
    await store.put(a, Readable.from([same]));
    await store.put(b, Readable.from([same]));
    expect(inner.stored.get(a)?.subarray(5, 17)).not.toEqual(inner.stored.get(b)?.subarray(5, 17));
    expect(inner.stored.get(a)?.subarray(17)).not.toEqual(inner.stored.get(b)?.subarray(17));
  });

  it('round-trips an empty file, and files written and read in pieces of any size', async () => {
    const inner = memoryBlobStore();
    const store = encryptedBlobStore(inner, keys);
    const empty = key();
    await store.put(empty, Readable.from([]));
    expect(inner.stored.get(empty)).toHaveLength(33);
    expect(await read(await store.get(empty))).toEqual(Buffer.alloc(0));
    const original = randomBytes(5000);
    for (const size of [1, 7, 13, 16, 29, 4096]) {
      const name = key();
      await store.put(name, chunked(original, size));
      const stored = inner.stored.get(name) ?? Buffer.alloc(0);
      // The header and the tag split across the pieces read.
      const decrypted = await read(chunked(stored, size).pipe(decryptingStream(keys, name)));
      expect(decrypted.equals(original), `pieces of ${size}`).toBe(true);
    }
  });

  it('refuses a file altered anywhere, cut short, moved to another key or read with another key', async () => {
    const inner = memoryBlobStore();
    const store = encryptedBlobStore(inner, keys);
    const name = key();
    await store.put(name, Readable.from([randomBytes(3000)]));
    const stored = inner.stored.get(name);
    if (!stored) throw new Error('not stored');
    const readAs = async (bytes: Buffer, as = key(), withKey = keys) => {
      await inner.put(as, chunked(bytes, 100));
      return read(await encryptedBlobStore(inner, withKey).get(as));
    };
    for (const offset of [0, 1, 4, 5, 16, 17, 500, stored.length - 17, stored.length - 1]) {
      const altered = Buffer.from(stored);
      altered[offset] = (altered[offset] ?? 0) ^ 0x01;
      await expect(readAs(altered), `byte ${offset}`).rejects.toBeInstanceOf(DecryptionError);
    }
    await expect(readAs(stored.subarray(0, stored.length - 1))).rejects.toBeInstanceOf(
      DecryptionError,
    );
    await expect(readAs(stored.subarray(0, 20))).rejects.toBeInstanceOf(DecryptionError);
    await expect(readAs(Buffer.alloc(0))).rejects.toBeInstanceOf(DecryptionError);
    await expect(readAs(stored)).rejects.toBeInstanceOf(DecryptionError);
    // Another key under the same id, and another key altogether.
    const impostor = { current: { id: keys.current.id, key: randomBytes(32) }, previous: [] };
    await expect(readAs(stored, name, impostor)).rejects.toBeInstanceOf(DecryptionError);
    await expect(readAs(stored, name, documentKeys(randomBytes(32)))).rejects.toThrow(
      `encrypted under key ${keys.current.id}, which is neither DATA_KEY nor in DATA_KEY_PREVIOUS`,
    );
    expect(await readAs(stored, name)).toHaveLength(3000);
  });

  it('streams a 10 MB file to disk and back, and never serves a tampered one', async () => {
    const disk = path.join(folder, 'encrypted');
    const store = encryptedBlobStore(diskBlobStore(disk), keys);
    const name = key();
    const original = randomBytes(10 * 1024 * 1024);
    await store.put(name, chunked(original));
    const onDisk = await readFile(path.join(disk, name));
    expect(onDisk).toHaveLength(original.length + 33);
    expect(onDisk.subarray(17, 1017).equals(original.subarray(0, 1000))).toBe(false);
    expect((await read(await getVerified(store, name))).equals(original)).toBe(true);

    onDisk[5_000_000] = (onDisk[5_000_000] ?? 0) ^ 0xff;
    await writeFile(path.join(disk, name), onDisk);
    await expect(getVerified(store, name)).rejects.toBeInstanceOf(DecryptionError);
  });

  it('passes a failing source on and keeps nothing', async () => {
    const disk = path.join(folder, 'encrypted-failing');
    const store = encryptedBlobStore(diskBlobStore(disk), keys);
    await expect(store.put(key(), failingAfter(randomBytes(100)))).rejects.toThrow(
      'connection lost',
    );
    expect(await readdir(disk)).toEqual([]);
  });
});

describe('the encrypted store across a rotation of DATA_KEY', () => {
  const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
  const before = documentKeys(oldKey);
  const during = documentKeys(newKey, oldKey);
  const after = documentKeys(newKey);
  const content = randomBytes(5000);

  /** Files as the old key left them: one of each version. */
  async function oldFiles(inner: ReturnType<typeof memoryBlobStore>) {
    const [v1, v2] = [key(), key()];
    await inner.put(v1, Readable.from([legacyFile(before.current.key, v1, content)]));
    await encryptedBlobStore(inner, before).put(v2, Readable.from([content]));
    return { v1, v2 };
  }

  it('reads what the previous key wrote, in either version, and writes under the new key', async () => {
    const inner = memoryBlobStore();
    const { v1, v2 } = await oldFiles(inner);
    expect(await read(await encryptedBlobStore(inner, before).get(v1))).toEqual(content);
    const store = encryptedBlobStore(inner, during);
    expect(await read(await store.get(v1))).toEqual(content);
    expect(await read(await store.get(v2))).toEqual(content);
    expect(await read(await getVerified(store, v1))).toEqual(content);
    const fresh = key();
    await store.put(fresh, Readable.from([content]));
    expect(inner.stored.get(fresh)?.subarray(1, 5).toString('hex')).toBe(during.current.id);
    expect(during.current.id).not.toBe(before.current.id);
    // Without the previous key only the new file reads, and the old ones fail, never garble.
    const without = encryptedBlobStore(inner, after);
    expect(await read(await without.get(fresh))).toEqual(content);
    await expect(read(await without.get(v1))).rejects.toBeInstanceOf(DecryptionError);
    await expect(read(await without.get(v2))).rejects.toThrow(`key ${before.current.id}`);
  });

  it('re-keys each file once, and leaves a file it cannot authenticate, or that is gone, as it was', async () => {
    const inner = memoryBlobStore();
    const { v1, v2 } = await oldFiles(inner);
    const fresh = key();
    await encryptedBlobStore(inner, during).put(fresh, Readable.from([content]));
    const altered = key();
    const bytes = Buffer.from(inner.stored.get(v2) ?? Buffer.alloc(0));
    bytes[100] = (bytes[100] ?? 0) ^ 0x01;
    await inner.put(altered, Readable.from([bytes]));
    const freshBytes = inner.stored.get(fresh);

    const outcomes = async () =>
      Promise.all(
        [v1, v2, fresh, altered, key()].map((name) => rekeyStoredFile(inner, during, name)),
      );
    expect(await outcomes()).toEqual(['rekeyed', 'rekeyed', 'current', 'unreadable', 'gone']);
    expect(inner.stored.get(fresh)).toBe(freshBytes);
    expect(inner.stored.get(altered)).toEqual(bytes);
    for (const name of [v1, v2]) {
      expect(inner.stored.get(name)?.subarray(0, 5).toString('hex')).toBe(`02${during.current.id}`);
      expect(await read(await encryptedBlobStore(inner, after).get(name))).toEqual(content);
    }
    // Run again, there is nothing left to do.
    expect(await outcomes()).toEqual(['current', 'current', 'current', 'unreadable', 'gone']);
  });

  it('on disk, replaces a file whole or not at all, and brings back none that was deleted', async () => {
    const disk = path.join(folder, 'replacing');
    const store = diskBlobStore(disk);
    const name = key();
    await store.put(name, Readable.from([Buffer.from('before')]));
    await expect(store.replace(name, failingAfter(Buffer.from('half')))).rejects.toThrow(
      'connection lost',
    );
    expect(await readFile(path.join(disk, name), 'utf8')).toBe('before');
    expect(await store.replace(name, Readable.from([Buffer.from('after')]))).toBe(true);
    expect(await readFile(path.join(disk, name), 'utf8')).toBe('after');
    const deleted = key();
    expect(await store.replace(deleted, Readable.from([Buffer.from('back?')]))).toBe(false);
    await expect(store.get(deleted)).rejects.toBeInstanceOf(BlobNotFoundError);
    // A write in progress is not a key.
    await writeFile(path.join(disk, `.${key()}.abc.partial`), 'x');
    const listed: string[] = [];
    for await (const each of store.keys()) listed.push(each);
    expect(listed).toEqual([name]);
    const none: string[] = [];
    for await (const each of diskBlobStore(path.join(folder, 'never-made')).keys()) none.push(each);
    expect(none).toEqual([]);
  });
});

describe('media types by content', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(
      parts.map((part) =>
        typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
      ),
    );
  const ftyp = (major: string, ...compatible: string[]) => {
    const size = 16 + 4 * compatible.length;
    return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), 'rest');
  };

  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png'],
    ['WEBP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.4\n'), 'application/pdf'],
    ['HEIC', ftyp('heic', 'mif1', 'heic'), 'image/heic'],
    ['HEIC (heix)', ftyp('heix', 'mif1'), 'image/heic'],
    ['HEIF with HEVC', ftyp('mif1', 'heic'), 'image/heic'],
    ['HEIF sequence with HEVC', ftyp('msf1', 'hevc'), 'image/heic'],
  ])('knows %s', (_name, head, type) => {
    expect(detectMediaType(head)).toBe(type);
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['a Windows executable', bytes('MZ', [0x90, 0, 3, 0, 0, 0])],
    ['an ELF executable', bytes([0x7f], 'ELF', [2, 1, 1, 0])],
    ['text', bytes('Hello, this is not a PDF')],
    ['HTML', bytes('<html><script>alert(1)</script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['GIF', bytes('GIF89a')],
    ['a PDF header that is not first', bytes(' %PDF-1.4')],
    ['half a PNG signature', bytes([0x89], 'PNG')],
    ['RIFF that is not WEBP', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['AVIF', ftyp('avif', 'mif1', 'avif')],
    ['HEIF without HEVC', ftyp('mif1', 'avif')],
    ['an MP4 video', ftyp('isom', 'mp41')],
  ])('refuses %s', (_name, head) => {
    expect(detectMediaType(head)).toBeNull();
  });

  it('holds back every byte until the type is known, then counts and limits them', async () => {
    const seen: (string | null)[] = [];
    const sniffer = sniffingStream({
      limit: 100,
      onType: (type) => {
        seen.push(type);
        return undefined;
      },
      tooLarge: () => new Error('too large'),
    });
    const content = bytes('%PDF-', 'x'.repeat(95));
    expect(await read(chunked(content, 3).pipe(sniffer))).toEqual(content);
    expect(seen).toEqual(['application/pdf']);
    expect(sniffer.size()).toBe(100);

    const overLimit = sniffingStream({
      limit: 100,
      onType: () => undefined,
      tooLarge: () => new Error('too large'),
    });
    await expect(read(chunked(bytes('%PDF-', 'x'.repeat(96)), 10).pipe(overLimit))).rejects.toThrow(
      'too large',
    );
  });

  it('releases nothing of a refused file', async () => {
    const released: Buffer[] = [];
    const sniffer = sniffingStream({
      limit: 1000,
      onType: (type) => (type ? undefined : new Error('unsupported')),
      tooLarge: () => new Error('too large'),
    });
    sniffer.on('data', (chunk: Buffer) => released.push(chunk));
    await expect(
      new Promise((resolve, reject) => {
        sniffer.on('end', resolve).on('error', reject);
        chunked(bytes('MZ', 'x'.repeat(500)), 10).pipe(sniffer);
      }),
    ).rejects.toThrow('unsupported');
    expect(released).toEqual([]);
  });
});
