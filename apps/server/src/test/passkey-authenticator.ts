// A software passkey authenticator for server tests: it answers registration and authentication
// options the way a platform authenticator does (an ES256 key, "none" attestation, the user
// present and verified), so the server's checks run on real signatures. It can also answer as
// the wrong site, replay an answer, and act as a clone whose counter stayed behind. The browser
// journeys use Chromium's own virtual authenticator instead (e2e/passkeys.spec.ts).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface StoredCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(Uint8Array.from(data));

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

const flags = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

export class PasskeyAuthenticator {
  private readonly credentials = new Map<string, StoredCredential>();

  private readonly origin: string;
  private readonly rpId: string;

  constructor(origin = 'http://localhost:3000', rpId = 'localhost') {
    this.origin = origin;
    this.rpId = rpId;
  }

  /** The answer to registration options: a new credential bound to the options' RP. */
  create(
    options: Options,
    { origin = this.origin, verified = true }: { origin?: string; verified?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    this.credentials.set(b64(id), {
      id,
      privateKey,
      userHandle: options.user?.id ?? '',
      counter: 0,
    });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Uint8Array.from(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, Uint8Array.from(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp?.id ?? this.rpId),
      Buffer.from([flags.userPresent | (verified ? flags.userVerified : 0) | flags.attested]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      id,
      coseKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', Uint8Array.from(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(Buffer.from(clientDataJSON)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The answer to authentication options with one of this authenticator's credentials. */
  get(
    options: Options,
    {
      credentialId = [...this.credentials.keys()][0],
      origin = this.origin,
      rpId = options.rpId ?? this.rpId,
    }: { credentialId?: string | undefined; origin?: string; rpId?: string } = {},
  ) {
    const credential = credentialId ? this.credentials.get(credentialId) : undefined;
    if (!credential) throw new Error('this authenticator holds no such credential');
    credential.counter += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | flags.userVerified]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** Another authenticator holding a copy of this one's credentials as they are now. */
  clone(): PasskeyAuthenticator {
    const copy = new PasskeyAuthenticator(this.origin, this.rpId);
    for (const [id, credential] of this.credentials) copy.credentials.set(id, { ...credential });
    return copy;
  }
}
