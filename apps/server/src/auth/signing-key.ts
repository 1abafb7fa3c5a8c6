// The platform's Ed25519 signing key and the signature statements carry (issue 15 item 5).
//
// The key is SIGNING_KEY (PKCS#8, as PEM or as base64 of its DER) or, unset, one generated once
// into DATA_DIR/signing-key.pem (mode 0600). Several processes on one DATA_DIR agree on it: each
// writes a candidate to a file of its own and links it into place, which fails when another got
// there first; the loser reads the winner's.
//
// Keys rotate (README "Rotating keys", decision 024): SIGNING_KEY_PREVIOUS lists the public
// keys of the keys SIGNING_KEY replaced. Documents they signed still verify; nothing is signed
// with them again.
//
// A signed document is the PDF's bytes followed by one comment line after its %%EOF, which PDF
// readers ignore:
//   %SecureVault-Signature:<base64url(JSON payload)>.<base64url(Ed25519 signature)>\n
// The payload names the kind, the customer (masked), the period, the issue time, the journal
// position and the SHA-256 of every byte before the line; the signature is over the payload's
// exact bytes. Any byte changed anywhere, or a signature by a key not configured, fails
// verification.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { fieldOf } from '../errors.ts';

/** A public key documents are checked with. */
export interface VerifyingKey {
  publicKey: KeyObject;
  /** The first 16 hex digits of the SHA-256 of the public key's SPKI DER. */
  keyId: string;
  /** Base64 of the SPKI DER. */
  publicKeyBase64: string;
  publicKeyPem: string;
}

export interface SigningKey extends VerifyingKey {
  privateKey: KeyObject;
}

export interface SigningKeys {
  /** SIGNING_KEY (or the generated one): signs, and verifies. */
  current: SigningKey;
  /** SIGNING_KEY_PREVIOUS: verifies only. */
  previous: readonly VerifyingKey[];
}

/** More would only slow every check; a rotation needs one or two. */
export const maxPreviousSigningKeys = 10;

const keyFileName = 'signing-key.pem';

function verifyingKeyOf(publicKey: KeyObject): VerifyingKey {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('The key is not Ed25519.');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    publicKey,
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyBase64: der.toString('base64'),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function fromPrivateKey(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The signing key is not Ed25519.');
  return { privateKey, ...verifyingKeyOf(createPublicKey(privateKey)) };
}

/** SIGNING_KEY's text: PKCS#8 PEM, or base64 of the PKCS#8 DER. */
export function parseSigningKey(text: string): SigningKey {
  const trimmed = text.trim();
  return fromPrivateKey(
    trimmed.includes('-----BEGIN')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' }),
  );
}

/**
 * The Ed25519 public key in one entry of SIGNING_KEY_PREVIOUS, or null: a public key (SPKI) or
 * the private key itself (PKCS#8, whose public half is all that is kept), as PEM or base64 DER.
 */
export function ed25519PublicKeyOf(text: string): VerifyingKey | null {
  const trimmed = text.trim();
  const der = () => Buffer.from(trimmed, 'base64');
  const readers = trimmed.includes('-----BEGIN')
    ? [() => createPublicKey(trimmed)]
    : [
        () => createPublicKey({ key: der(), format: 'der', type: 'spki' }),
        () => createPublicKey(createPrivateKey({ key: der(), format: 'der', type: 'pkcs8' })),
      ];
  for (const read of readers) {
    try {
      const key = read();
      if (key.asymmetricKeyType === 'ed25519') return verifyingKeyOf(key);
    } catch {
      // Not this form; the next, or none.
    }
  }
  return null;
}

/**
 * SIGNING_KEY_PREVIOUS's keys as SPKI PEM (comma-separated entries), or what is wrong with the
 * value. Messages name a key by its place in the list, never by its text, which may be secret.
 */
export function parsePreviousSigningKeys(value: string): string[] | string {
  const entries = value.split(',');
  if (entries.length > maxPreviousSigningKeys) {
    return `holds ${entries.length} keys; at most ${maxPreviousSigningKeys}`;
  }
  const keys: VerifyingKey[] = [];
  for (const [index, entry] of entries.entries()) {
    const place = entries.length === 1 ? 'the key' : `key ${index + 1} of ${entries.length}`;
    if (entry.trim() === '') return `${place} is empty`;
    const key = ed25519PublicKeyOf(entry);
    if (!key) {
      return `${place} is not an Ed25519 public or private key (SPKI or PKCS#8, PEM or base64 DER)`;
    }
    const same = keys.findIndex((earlier) => earlier.keyId === key.keyId);
    if (same !== -1) return `key ${index + 1} repeats key ${same + 1}`;
    keys.push(key);
  }
  return keys.map((key) => key.publicKeyPem);
}

function isMissing(error: unknown): boolean {
  return fieldOf(error, 'code') === 'ENOENT';
}

/** The key in DATA_DIR, created atomically when there is none yet. */
function keyInDataDir(dataDir: string): SigningKey {
  const file = path.join(dataDir, keyFileName);
  try {
    return parseSigningKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(candidate, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    // link() never replaces a file: exactly one process's candidate becomes the key.
    linkSync(candidate, file);
  } catch (error) {
    if (fieldOf(error, 'code') !== 'EEXIST') throw error;
  } finally {
    unlinkSync(candidate);
  }
  return parseSigningKey(readFileSync(file, 'utf8'));
}

type KeyConfig = Pick<Config, 'signingKey' | 'previousSigningKeys' | 'dataDir'>;

const loaded = new WeakMap<object, SigningKeys>();

/** The keys documents are signed and checked with, read once per configuration (process). */
export function signingKeysOf(config: KeyConfig): SigningKeys {
  let keys = loaded.get(config);
  if (!keys) {
    const current = config.signingKey
      ? parseSigningKey(config.signingKey)
      : keyInDataDir(config.dataDir);
    const previous = config.previousSigningKeys
      .map((pem) => verifyingKeyOf(createPublicKey(pem)))
      // config.ts refuses SIGNING_KEY itself in the list; the generated key it cannot know.
      .filter((key) => key.keyId !== current.keyId);
    keys = { current, previous };
    loaded.set(config, keys);
  }
  return keys;
}

/** The key documents are signed with. */
export function signingKeyOf(config: KeyConfig): SigningKey {
  return signingKeysOf(config).current;
}

export const documentKinds = ['statement', 'proof_of_holdings'] as const;

/** What a signature vouches for. */
export const signaturePayloadSchema = z.strictObject({
  v: z.literal(1),
  keyId: z.string(),
  kind: z.enum(documentKinds),
  issuedTo: z.string(),
  period: z.string(),
  issuedAt: z.string(),
  journalPosition: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignaturePayload = z.infer<typeof signaturePayloadSchema>;
export type DocumentClaims = Omit<SignaturePayload, 'v' | 'keyId' | 'sha256'>;

const marker = Buffer.from('%SecureVault-Signature:', 'latin1');
const eof = Buffer.from('%%EOF', 'latin1');

/** The document with its signature line appended. */
export function signDocument(pdf: Buffer, claims: DocumentClaims, key: SigningKey): Buffer {
  // The signature line starts a line of its own; the newline, if added, is signed too.
  const body = pdf.at(-1) === 0x0a ? pdf : Buffer.concat([pdf, Buffer.from('\n')]);
  const payload: SignaturePayload = {
    v: 1,
    keyId: key.keyId,
    ...claims,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  const payloadBytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = sign(null, payloadBytes, key.privateKey);
  const line = `${marker.toString('latin1')}${payloadBytes.toString('base64url')}.${signature.toString('base64url')}\n`;
  return Buffer.concat([body, Buffer.from(line, 'latin1')]);
}

const base64url = /^[A-Za-z0-9_-]+$/;

/**
 * The claims of a document signed by one of `keys` (current or previous), or null: no signature
 * line, a line that is not ours, a key not configured, a payload naming another key than the one
 * that signed it, or any byte before the line not the one signed.
 */
export function verifySignedDocument(bytes: Buffer, keys: SigningKeys): SignaturePayload | null {
  const at = bytes.lastIndexOf(marker);
  // The line starts a line, and the document before it is a PDF that ends.
  if (at <= 0 || bytes[at - 1] !== 0x0a) return null;
  const signed = bytes.subarray(0, at);
  if (!signed.subarray(0, 5).equals(Buffer.from('%PDF-', 'latin1'))) return null;
  if (signed.lastIndexOf(eof) === -1) return null;
  const rest = bytes.subarray(at + marker.length).toString('latin1');
  if (!rest.endsWith('\n')) return null;
  const [payloadText, signatureText, ...extra] = rest.slice(0, -1).split('.');
  if (extra.length > 0 || !payloadText || !signatureText) return null;
  if (!base64url.test(payloadText) || !base64url.test(signatureText)) return null;
  const payloadBytes = Buffer.from(payloadText, 'base64url');
  const signature = Buffer.from(signatureText, 'base64url');
  // base64url decoding skips what it cannot read: only the canonical spelling is ours.
  if (payloadBytes.toString('base64url') !== payloadText) return null;
  if (signature.toString('base64url') !== signatureText || signature.length !== 64) return null;
  // The signature is checked before the payload is read; at most 1 + 10 keys are tried.
  const key = [keys.current, ...keys.previous].find((candidate) =>
    verify(null, payloadBytes, candidate.publicKey, signature),
  );
  if (!key) return null;
  let payload: SignaturePayload;
  try {
    payload = signaturePayloadSchema.parse(JSON.parse(payloadBytes.toString('utf8')));
  } catch {
    return null;
  }
  if (payload.keyId !== key.keyId) return null;
  const digest = createHash('sha256').update(signed).digest('hex');
  return digest === payload.sha256 ? payload : null;
}
