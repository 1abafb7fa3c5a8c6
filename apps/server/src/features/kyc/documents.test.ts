// The identity document through the API (issue 12, deliver 2 and 6): upload by content type, the
// 10 MB limit, encryption at rest, replacement, removal, the states that allow them, staff's
// audited view, impersonation and the CSRF rule for multipart bodies.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMaxBytes } from '@secure-vault/shared/kyc';
import { createSession, sessionCookieName } from '../../auth/sessions.ts';
import { kycDocuments, kycVerifications } from '../../db/kyc-schema.ts';
import { auditLog } from '../../db/schema.ts';
import { documentStore, documentsFolder } from '../../storage/document-store.ts';
import { call, randomIp, signUpStaff, type Staff } from '../../test/auth-helpers.ts';
import { createCustomer, type Customer } from '../../test/customers.ts';
import { inlineDisposition } from './document-routes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dataDir: string;
let staff: Staff;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sv-kyc-documents-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  staff = await signUpStaff(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const folder = () => path.join(dataDir, documentsFolder);
const filesOnDisk = async () => readdir(folder()).catch(() => [] as string[]);

// ── Files ────────────────────────────────────────────────────────────────────────────────
const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string'
        ? Buffer.from(part, 'latin1')
        : Buffer.isBuffer(part)
          ? part
          : Buffer.from(part),
    ),
  );
const body = (size = 200) => randomBytes(size);
const files = {
  jpeg: () => bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0], body()),
  png: () => bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR', body()),
  webp: () => bytes('RIFF', [0xf0, 0, 0, 0], 'WEBPVP8 ', body()),
  pdf: () => bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj\n', body()),
  heic: () => bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic', body()),
  exe: () =>
    bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0], 'This program cannot be run in DOS mode', body()),
  elf: () => bytes([0x7f], 'ELF', [2, 1, 1, 0], body()),
  text: () => bytes('Dear staff, this is my passport. Honest.\n'),
};

// ── Requests ─────────────────────────────────────────────────────────────────────────────
type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; content: Buffer };

/** A multipart/form-data body, as a browser's FormData sends it. */
function form(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----sv${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n`));
      chunks.push(Buffer.from(part.value, 'utf8'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
      );
      chunks.push(part.content);
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface SendOptions {
  headers?: Record<string, string | undefined>;
  /** Send the body as a stream without a Content-Length. */
  stream?: boolean;
}

function sendForm(cookie: string | undefined, parts: Part[], options: SendOptions = {}) {
  const { payload, contentType } = form(parts);
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-requested-with': 'secure-vault',
  };
  if (cookie) headers.cookie = `${sessionCookieName}=${cookie}`;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/me/kyc/documents',
    headers,
    payload: options.stream ? Readable.from([payload]) : payload,
    remoteAddress: randomIp(),
  });
}

function upload(
  customer: Customer,
  side: string,
  content: Buffer,
  filename = 'document.bin',
  type = 'application/octet-stream',
) {
  return sendForm(customer.cookie, [
    { name: 'side', value: side },
    { name: 'file', filename, type, content },
  ]);
}

const remove = (customer: Customer, id: string) =>
  call(t, 'DELETE', `/me/kyc/documents/${id}`, undefined, { cookie: customer.cookie });

const view = (cookie: string, userId: string, id: string) =>
  call(t, 'GET', `/admin/kyc/${userId}/documents/${id}`, undefined, { cookie });

// ── The database and the disk ────────────────────────────────────────────────────────────
const documentsOf = (userId: string) =>
  t.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));

async function documentRow(id: string) {
  const [row] = await t.ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, id));
  return row;
}

async function statusOf(userId: string) {
  const [row] = await t.ctx.db
    .select({ status: kycVerifications.status })
    .from(kycVerifications)
    .where(eq(kycVerifications.userId, userId));
  return row?.status;
}

async function setStatus(userId: string, status: 'draft' | 'submitted' | 'approved' | 'rejected') {
  await t.ctx.db
    .insert(kycVerifications)
    .values({ userId, status })
    .onConflictDoUpdate({ target: kycVerifications.userId, set: { status } });
}

const audited = (action: string, subjectUserId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId)));

async function decrypted(storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await documentStore(t.ctx.config).get(storageKey)) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toMatchObject({ error: { code } });
}

// ── Tests ────────────────────────────────────────────────────────────────────────────────
describe('uploading a document', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'photo.jpg'],
    ['png', 'image/png', 'scan.png'],
    ['webp', 'image/webp', 'scan.webp'],
    ['pdf', 'application/pdf', 'passport.pdf'],
    ['heic', 'image/heic', 'IMG_0001.HEIC'],
  ] as const)('accepts %s by its content', async (kind, type, filename) => {
    const customer = await createCustomer(t);
    const content = files[kind]();
    const res = await upload(customer, 'front', content, filename);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({
      id: expect.any(String),
      side: 'front',
      name: filename,
      size: content.length,
      type,
      uploadedAt: expect.any(String),
    });
    const row = await documentRow(answer.id);
    expect(row).toMatchObject({ userId: customer.userId, side: 'front', mediaType: type });
    expect(await decrypted(row?.storageKey ?? '')).toEqual(content);
  });

  it('starts a draft when there was no verification, and audits the upload', async () => {
    const customer = await createCustomer(t);
    expect(await statusOf(customer.userId)).toBeUndefined();
    const res = await upload(customer, 'back', files.png());
    expect(res.statusCode).toBe(201);
    expect(await statusOf(customer.userId)).toBe('draft');
    const [entry] = await audited('kyc.document_uploaded', customer.userId);
    expect(entry).toMatchObject({
      actorId: customer.userId,
      details: { documentId: res.json().id, side: 'back', type: 'image/png' },
    });
    const state = await call(t, 'GET', '/me/kyc', undefined, { cookie: customer.cookie });
    expect(state.json().documents).toEqual([res.json()]);
  });

  it('takes the side after the file as well as before it', async () => {
    const customer = await createCustomer(t);
    const res = await sendForm(customer.cookie, [
      { name: 'file', filename: 'id.pdf', content: files.pdf() },
      { name: 'side', value: 'back' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ side: 'back', type: 'application/pdf' });
  });

  it('trusts neither the declared media type nor the extension', async () => {
    const customer = await createCustomer(t);
    const res = await upload(customer, 'front', files.png(), 'scan.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'scan.pdf', type: 'image/png' });
  });

  it.each([
    ['a Windows executable renamed .png', files.exe, 'passport.png', 'image/png'],
    ['an ELF executable renamed .jpg', files.elf, 'passport.jpg', 'image/jpeg'],
    ['a text file renamed .pdf', files.text, 'passport.pdf', 'application/pdf'],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 'image/png'],
    [
      'an SVG',
      () => bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/>'),
      'x.svg',
      'image/svg+xml',
    ],
  ])('refuses %s and keeps nothing', async (_name, content, filename, type) => {
    const customer = await createCustomer(t);
    const before = await filesOnDisk();
    const res = await upload(customer, 'front', content(), filename, type);
    expectError(res, 415, 'FILE_TYPE_UNSUPPORTED');
    expect(await documentsOf(customer.userId)).toEqual([]);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses an 11 MB file with FILE_TOO_LARGE and keeps nothing', async () => {
    const customer = await createCustomer(t);
    const before = await filesOnDisk();
    const content = bytes('%PDF-1.7\n', Buffer.alloc(11 * 1024 * 1024, 0x20));
    expectError(await upload(customer, 'front', content), 413, 'FILE_TOO_LARGE');
    // Without a Content-Length the file is streamed until it passes the limit.
    const streamed = await sendForm(
      customer.cookie,
      [
        { name: 'side', value: 'front' },
        { name: 'file', filename: 'big.pdf', content },
      ],
      { stream: true, headers: { 'content-length': undefined } },
    );
    expectError(streamed, 413, 'FILE_TOO_LARGE');
    expect(await documentsOf(customer.userId)).toEqual([]);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a file one byte over 10 MB, and stores one of exactly 10 MB', async () => {
    const customer = await createCustomer(t);
    const before = await filesOnDisk();
    const over = bytes('%PDF-1.7\n', Buffer.alloc(documentMaxBytes - 8, 0x20));
    expect(over).toHaveLength(documentMaxBytes + 1);
    expectError(await upload(customer, 'front', over), 413, 'FILE_TOO_LARGE');
    expect(await filesOnDisk()).toEqual(before);

    const exact = over.subarray(0, documentMaxBytes);
    const res = await upload(customer, 'front', exact);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().size).toBe(documentMaxBytes);
    const row = await documentRow(res.json().id);
    const onDisk = await readFile(path.join(folder(), row?.storageKey ?? ''));
    expect(onDisk).toHaveLength(documentMaxBytes + 33);
  });

  it('stores the bytes encrypted under a random name, and they decrypt back', async () => {
    const customer = await createCustomer(t);
    const marker = 'PASSPORT-NUMBER-X1234567';
    const content = bytes('%PDF-1.7\n', marker, body(5000), marker);
    const res = await upload(customer, 'front', content, 'my passport.pdf');
    expect(res.statusCode).toBe(201);
    const row = await documentRow(res.json().id);
    const storageKey = row?.storageKey ?? '';
    expect(storageKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(await filesOnDisk()).toContain(storageKey);
    expect((await filesOnDisk()).some((name) => name.includes('passport'))).toBe(false);
    const onDisk = await readFile(path.join(folder(), storageKey));
    expect(onDisk.equals(content)).toBe(false);
    expect(onDisk.includes(Buffer.from(marker))).toBe(false);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(await decrypted(storageKey)).toEqual(content);
  });

  it('keeps the uploaded name, sanitised', async () => {
    const customer = await createCustomer(t);
    const cases: [string, string][] = [
      ['C:\\Users\\me\\Desktop\\passport.pdf', 'passport.pdf'],
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['\u202egnp.exe\u202c.pdf', 'gnp.exe.pdf'],
      ['tab\there\u0007.pdf', 'tabhere.pdf'],
      ['جواز سفر.pdf', 'جواز سفر.pdf'],
      [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(196)}.pdf`],
      ['', 'document'],
    ];
    for (const [given, kept] of cases) {
      const res = await upload(customer, 'front', files.pdf(), given);
      expect(res.statusCode, given).toBe(201);
      expect(res.json().name, given).toBe(kept);
    }
  });

  it('replaces the side uploaded before, removing its bytes', async () => {
    const customer = await createCustomer(t);
    const first = await upload(customer, 'front', files.jpeg(), 'first.jpg');
    const back = await upload(customer, 'back', files.jpeg(), 'back.jpg');
    const firstKey = (await documentRow(first.json().id))?.storageKey ?? '';
    expect(await filesOnDisk()).toContain(firstKey);

    const second = await upload(customer, 'front', files.png(), 'second.png');
    expect(second.statusCode).toBe(201);
    const rows = await documentsOf(customer.userId);
    expect(rows.map((row) => [row.side, row.name]).sort()).toEqual([
      ['back', 'back.jpg'],
      ['front', 'second.png'],
    ]);
    expect(await documentRow(first.json().id)).toBeUndefined();
    expect(await documentRow(back.json().id)).toBeDefined();
    expect(await filesOnDisk()).not.toContain(firstKey);
    const [entry] = (await audited('kyc.document_uploaded', customer.userId)).filter(
      (row) => (row.details as { documentId?: string }).documentId === second.json().id,
    );
    expect(entry?.details).toMatchObject({ replaced: first.json().id });
  });

  it('refuses a form without its side or file, or with anything else, and keeps nothing', async () => {
    const customer = await createCustomer(t);
    const before = await filesOnDisk();
    const file = { name: 'file', filename: 'a.pdf', content: files.pdf() };
    const refusals: [Part[], number, string, string | undefined][] = [
      [[file], 400, 'VALIDATION', 'body.side'],
      [[{ name: 'side', value: 'top' }, file], 400, 'VALIDATION', 'body.side'],
      [[file, { name: 'side', value: 'sideways' }], 400, 'VALIDATION', 'body.side'],
      [[{ name: 'side', value: 'front' }], 400, 'VALIDATION', 'body.file'],
      [
        [
          { name: 'side', value: 'front' },
          { ...file, name: 'document' },
        ],
        400,
        'VALIDATION',
        'body.document',
      ],
      [
        [{ name: 'side', value: 'front' }, { name: 'extra', value: 'x' }, file],
        400,
        'VALIDATION',
        'body.extra',
      ],
      [
        [{ name: 'side', value: 'front' }, { name: 'side', value: 'back' }, file],
        400,
        'VALIDATION',
        'body.side',
      ],
      [
        [{ name: 'side', value: 'front' }, file, { ...file, filename: 'b.pdf' }],
        400,
        'BAD_REQUEST',
        undefined,
      ],
      [[], 400, 'VALIDATION', 'body.file'],
    ];
    for (const [parts, status, code, issuePath] of refusals) {
      const res = await sendForm(customer.cookie, parts);
      expectError(res, status, code);
      if (issuePath) expect(res.json().error.issues[0].path).toBe(issuePath);
    }
    expect(await documentsOf(customer.userId)).toEqual([]);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('answers a body that is not a valid multipart form with BAD_REQUEST', async () => {
    const customer = await createCustomer(t);
    const headers = {
      'x-requested-with': 'secure-vault',
      cookie: `${sessionCookieName}=${customer.cookie}`,
    };
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/kyc/documents',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
    });
    expectError(broken, 400, 'BAD_REQUEST');
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/kyc/documents',
      headers: { ...headers, 'content-type': 'multipart/form-data' },
      payload: 'nothing',
    });
    expectError(noBoundary, 400, 'BAD_REQUEST');
    const json = await call(t, 'POST', '/me/kyc/documents', { side: 'front' }, customer);
    expectError(json, 400, 'BAD_REQUEST');
  });
});

describe('the verification’s state', () => {
  it.each(['submitted', 'approved'] as const)(
    'refuses uploads and removals once %s',
    async (status) => {
      const customer = await createCustomer(t);
      const res = await upload(customer, 'front', files.pdf());
      const before = await filesOnDisk();
      await setStatus(customer.userId, status);
      expectError(await upload(customer, 'back', files.pdf()), 409, 'CONFLICT');
      expectError(await upload(customer, 'front', files.png()), 409, 'CONFLICT');
      expectError(await remove(customer, res.json().id), 409, 'CONFLICT');
      expect(await documentsOf(customer.userId)).toHaveLength(1);
      expect(await filesOnDisk()).toEqual(before);
      expect(await statusOf(customer.userId)).toBe(status);
    },
  );

  it('takes changes again once rejected, which makes the verification a draft', async () => {
    const customer = await createCustomer(t);
    const first = await upload(customer, 'front', files.pdf());
    await setStatus(customer.userId, 'rejected');
    expect((await upload(customer, 'back', files.png())).statusCode).toBe(201);
    expect(await statusOf(customer.userId)).toBe('draft');

    await setStatus(customer.userId, 'rejected');
    expect((await remove(customer, first.json().id)).statusCode).toBe(204);
    expect(await statusOf(customer.userId)).toBe('draft');
  });
});

describe('removing a document', () => {
  it('removes the row and the bytes of one’s own document', async () => {
    const customer = await createCustomer(t);
    const res = await upload(customer, 'front', files.jpeg());
    const storageKey = (await documentRow(res.json().id))?.storageKey ?? '';
    expect(await filesOnDisk()).toContain(storageKey);
    const removed = await remove(customer, res.json().id);
    expect(removed.statusCode).toBe(204);
    expect(await documentRow(res.json().id)).toBeUndefined();
    expect(await filesOnDisk()).not.toContain(storageKey);
    const [entry] = await audited('kyc.document_deleted', customer.userId);
    expect(entry?.details).toMatchObject({ documentId: res.json().id, side: 'front' });
    expectError(await remove(customer, res.json().id), 404, 'NOT_FOUND');
  });

  it('answers NOT_FOUND for another customer’s document, and leaves it alone', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const res = await upload(owner, 'front', files.jpeg());
    expectError(await remove(other, res.json().id), 404, 'NOT_FOUND');
    expectError(await remove(other, randomUUID()), 404, 'NOT_FOUND');
    expect(await documentRow(res.json().id)).toBeDefined();
    const storageKey = (await documentRow(res.json().id))?.storageKey ?? '';
    expect(await filesOnDisk()).toContain(storageKey);
  });
});

describe('staff viewing a document', () => {
  it('streams the original bytes with safe headers, and audits the view', async () => {
    const customer = await createCustomer(t);
    const content = files.pdf();
    // Browsers send a quote in a file name as %22, so a stored name holds none; the header's
    // quoting is checked on its own below.
    const name = 'جواز سفر 100%; final.pdf';
    const up = await upload(customer, 'front', content, name);
    expect(up.statusCode).toBe(201);
    const res = await view(staff.cookie, customer.userId, up.json().id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'; sandbox",
    );
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[^\x20-\x7e]/);
    const encoded = disposition.split("UTF-8''")[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);
    const fallback = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
    expect(fallback).toBe('____ ___ 100_; final.pdf');
    expect(inlineDisposition('a"b\\c\r\n.pdf')).toBe(
      `inline; filename="a_b_c__.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0A.pdf`,
    );

    const views = await audited('admin.kyc_document_viewed', customer.userId);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      actorId: staff.userId,
      details: { documentId: up.json().id, side: 'front' },
    });
    await view(staff.cookie, customer.userId, up.json().id);
    expect(await audited('admin.kyc_document_viewed', customer.userId)).toHaveLength(2);
  });

  it('answers NOT_FOUND when the document is not that customer’s', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const up = await upload(owner, 'front', files.png());
    expectError(await view(staff.cookie, other.userId, up.json().id), 404, 'NOT_FOUND');
    expectError(await view(staff.cookie, owner.userId, randomUUID()), 404, 'NOT_FOUND');
    expect(await audited('admin.kyc_document_viewed', other.userId)).toEqual([]);
    expect(await audited('admin.kyc_document_viewed', owner.userId)).toEqual([]);
  });

  it('is not for customers', async () => {
    const customer = await createCustomer(t);
    const up = await upload(customer, 'front', files.png());
    expectError(await view(customer.cookie, customer.userId, up.json().id), 403, 'FORBIDDEN');
    expectError(await view('', customer.userId, up.json().id), 401, 'UNAUTHENTICATED');
  });

  it('never serves a stored file that was altered', async () => {
    const customer = await createCustomer(t);
    const up = await upload(customer, 'front', files.jpeg());
    const storageKey = (await documentRow(up.json().id))?.storageKey ?? '';
    const file = path.join(folder(), storageKey);
    const stored = await readFile(file);
    stored[20] = (stored[20] ?? 0) ^ 0x01;
    await writeFile(file, stored);
    const res = await view(staff.cookie, customer.userId, up.json().id);
    expectError(res, 500, 'INTERNAL');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(await audited('admin.kyc_document_viewed', customer.userId)).toEqual([]);
  });
});

describe('impersonating staff', () => {
  it('may neither upload nor remove documents', async () => {
    const customer = await createCustomer(t);
    const up = await upload(customer, 'front', files.png());
    const session = await createSession(t.ctx.db, {
      userId: customer.userId,
      now: t.ctx.clock.now(),
      userAgent: null,
      impersonatorId: staff.userId,
    });
    const impersonating = { ...customer, cookie: session.token };
    expectError(await upload(impersonating, 'back', files.png()), 403, 'IMPERSONATION_FORBIDDEN');
    expectError(await remove(impersonating, up.json().id), 403, 'IMPERSONATION_FORBIDDEN');
    expect(await documentsOf(customer.userId)).toHaveLength(1);
  });
});

describe('the CSRF rule for multipart bodies', () => {
  const parts = (): Part[] => [
    { name: 'side', value: 'front' },
    { name: 'file', filename: 'a.png', content: files.png() },
  ];

  it('refuses an upload without the application header', async () => {
    const customer = await createCustomer(t);
    const res = await sendForm(customer.cookie, parts(), {
      headers: { 'x-requested-with': undefined },
    });
    expectError(res, 403, 'CSRF');
    expect(await documentsOf(customer.userId)).toEqual([]);
  });

  it('refuses an upload from another origin, and takes one from ours', async () => {
    const customer = await createCustomer(t);
    const foreign = await sendForm(customer.cookie, parts(), {
      headers: { origin: 'https://evil.example' },
    });
    expectError(foreign, 403, 'CSRF');
    const ours = await sendForm(customer.cookie, parts(), {
      headers: { origin: t.ctx.config.appUrl },
    });
    expect(ours.statusCode).toBe(201);
  });

  it('still refuses multipart bodies on the JSON routes', async () => {
    const customer = await createCustomer(t);
    const { payload, contentType } = form([{ name: 'step', value: '1' }]);
    for (const [method, url] of [
      ['PUT', '/api/v1/me/kyc/draft'],
      ['POST', '/api/v1/me/kyc/submit'],
      ['POST', '/api/v1/auth/sign-in'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: {
          'content-type': contentType,
          'x-requested-with': 'secure-vault',
          cookie: `${sessionCookieName}=${customer.cookie}`,
        },
        payload,
      });
      expectError(res, 403, 'CSRF');
    }
  });
});
