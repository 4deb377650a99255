import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum, which verbatimModuleSyntax cannot read at runtime.
const ARGON2ID: Algorithm.Argon2id = 2;

/** Hashes and checks passwords; `verifyNothing` costs the same as a real check (for unknown users). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Burns the time of one verification, so "unknown address" and "wrong password" take as long. */
  verifyNothing(password: string): Promise<void>;
}

export interface Argon2Cost {
  /** KiB of memory per hash. */
  readonly memoryCost: number;
  readonly timeCost: number;
}

/** OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane): about 40 ms per hash here. */
export const PRODUCTION_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

export function createPasswordHasher(cost: Argon2Cost = PRODUCTION_ARGON2_COST): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: 1,
  };
  // Made up front, so the first login with an unknown address takes no longer than later ones.
  const dummyHash = hash(randomBytes(16).toString('hex'), options);
  dummyHash.catch(() => {
    // Surfaces in verifyNothing; not an unhandled rejection at start-up.
  });
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash never matches; it must not turn a login into a 500.
        return false;
      }
    },
    async verifyNothing(password) {
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
