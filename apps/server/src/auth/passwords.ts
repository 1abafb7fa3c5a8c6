// Password hashing: argon2id at the cost DESIGN §4 sets (m = 19 MiB, t = 2, p = 1).
import { hash, type Options, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
const argon2id = 2 satisfies Options['algorithm'];
const options: Options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same argon2 time as a real check, for an address without an account, so the answer's
 * timing does not reveal whether the account exists. Always false.
 */
export async function verifyNoPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
  return false;
}
