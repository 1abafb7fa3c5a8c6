// Helpers for the account journeys: one-time codes from the dev mailbox, accounts created through
// the API, and authenticator codes computed here (RFC 6238: SHA-1, 30 s steps, 6 digits).
import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

export const csrf = { 'x-requested-with': 'secure-vault' } as const;
export const staff = {
  email: 'staff@securevault.example',
  password: 'staff-password-e2e',
} as const;

/** The second staff member (global-setup creates them with `npm run admin`): the checker. */
export const secondStaff = {
  email: 'checker@securevault.example',
  password: 'checker-password-e2e',
} as const;

type ReadMailbox = (to: string) => Promise<{ to: string; subject: string; text: string }[]>;

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Waits for the newest mail to an address whose text matches, and returns the first group. */
export async function waitForMail(
  readMailbox: ReadMailbox,
  to: string,
  pattern: RegExp,
  count = 1,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = await readMailbox(to);
        if (mail.length < count) return undefined;
        found = mail[0]?.text.match(pattern)?.[1];
        return found;
      },
      { message: `mail to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found as string;
}

export const codePattern = /\b(\d{6})\b/;
export const resetLinkPattern = /(https?:\/\/\S+\/update-password#token=\S+)/;

/** Creates a verified customer through the API; the request context ends up signed in as them. */
export async function createCustomer(
  request: APIRequestContext,
  readMailbox: ReadMailbox,
  email: string,
  password: string,
): Promise<{ id: string; email: string }> {
  const started = await request.post('/api/v1/auth/sign-up', {
    headers: csrf,
    data: { email, password },
  });
  expect(started.status()).toBe(202);
  const code = await waitForMail(readMailbox, email, codePattern);
  const verified = await request.post('/api/v1/auth/sign-up/verify', {
    headers: csrf,
    data: { email, code },
  });
  expect(verified.status()).toBe(201);
  const body = (await verified.json()) as { user: { id: string; email: string } };
  return body.user;
}

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = input.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export const totpStepMs = 30_000;

/** The 6-digit TOTP code of a base32 secret for the 30-second step containing `time`. */
export function totp(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / totpStepMs)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** Waits until the next 30-second step, as a code is accepted only once. Returns its code. */
export async function nextTotp(secret: string, afterTime: number): Promise<string> {
  const usedStep = Math.floor(afterTime / totpStepMs);
  const wait = (usedStep + 1) * totpStepMs - Date.now() + 200;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return totp(secret);
}
