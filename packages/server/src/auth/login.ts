import { err, type LoginRequest, ok, type Result, type TokenPair } from '@loop/core';
import type { AppDeps } from '../appDeps';
import { sendVerificationMail } from './registration';
import { startSession } from './sessions';
import { findUserByEmail } from './users';

export type LoginError = 'failed' | 'unverified';

/**
 * Checks the credentials and opens a session. Unknown address and wrong password are the same
 * failure and cost the same argon2 time. A correct password on an unconfirmed address sends a new
 * verification link instead of logging in.
 */
export async function login(deps: AppDeps, input: LoginRequest): Promise<Result<TokenPair, LoginError>> {
  const user = await findUserByEmail(deps.db, input.email);
  if (user === undefined) {
    await deps.passwords.verifyNothing(input.password);
    return err('failed');
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.password))) return err('failed');
  if (user.emailVerifiedAt === null) {
    await sendVerificationMail(deps, user);
    return err('unverified');
  }
  return ok(await startSession(deps, user));
}
