import { err, ok, type Result } from '@loop/core';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import { parseId } from '../db/database';

const ISSUER = 'loop';
const AUDIENCE = 'loop-api';

/** What a valid access token proves. */
export interface AccessTokenSubject {
  readonly userId: number;
  readonly sessionId: string;
  readonly isAdmin: boolean;
}

export type AccessTokenError = 'invalid' | 'expired';

/** Signs and checks the short-lived access JWT (HS256) with the claims of the wire contract. */
export interface AccessTokens {
  sign(subject: AccessTokenSubject): Promise<string>;
  verify(token: string): Promise<Result<AccessTokenSubject, AccessTokenError>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createAccessTokens(deps: {
  readonly secret: string;
  readonly ttlSeconds: number;
  readonly clock: Clock;
}): AccessTokens {
  const key = new TextEncoder().encode(deps.secret);
  return {
    async sign(subject) {
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      return new SignJWT({ sid: subject.sessionId, is_admin: subject.isAdmin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(subject.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + deps.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: deps.clock.now(),
          requiredClaims: ['sub', 'sid', 'exp'],
        });
        const { sub, sid, is_admin: isAdmin } = payload;
        const userId = parseId(sub);
        if (userId === null || typeof sid !== 'string' || !UUID.test(sid) || typeof isAdmin !== 'boolean') {
          return err('invalid');
        }
        return ok({ userId, sessionId: sid, isAdmin });
      } catch (error) {
        if (error instanceof errors.JWTExpired) return err('expired');
        return err('invalid');
      }
    },
  };
}
