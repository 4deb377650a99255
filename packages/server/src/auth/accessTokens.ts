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

/** Tokens whose signature and claims were checked, kept at most; the oldest goes first. */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(deps: {
  readonly secret: string;
  readonly ttlSeconds: number;
  readonly clock: Clock;
}): AccessTokens {
  const key = new TextEncoder().encode(deps.secret);
  // A token's signature and claims are the same at every check; only time changes its answer.
  // Checking the HMAC through WebCrypto was a tenth of a KPI board request's CPU (bench/kpi-board),
  // so a checked token is kept with its expiry, which is still compared with the clock every time.
  const verified = new Map<string, { readonly subject: AccessTokenSubject; readonly exp: number }>();
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
      const known = verified.get(token);
      if (known !== undefined) {
        if (known.exp <= Math.floor(deps.clock.now().getTime() / 1000)) {
          verified.delete(token);
          return err('expired');
        }
        return ok(known.subject);
      }
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
        const subject = { userId, sessionId: sid, isAdmin };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { subject, exp: payload.exp as number });
        return ok(subject);
      } catch (error) {
        if (error instanceof errors.JWTExpired) return err('expired');
        return err('invalid');
      }
    },
  };
}
