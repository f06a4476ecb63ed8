import { Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id at the OWASP minimum (19 MiB, 2 iterations, 1 lane). */
const owaspArgon2id = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let timingDecoy: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, owaspArgon2id);
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  timingDecoy ??= hashPassword('timing-decoy-password');
  const matches = await verify(passwordHash ?? (await timingDecoy), password).catch(() => false);
  return passwordHash !== undefined && matches;
}
