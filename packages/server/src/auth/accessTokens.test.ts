import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fakeClock';
import { createAccessTokens } from './accessTokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const SUBJECT = { userId: 7, sessionId: '3f1c9a52-6a0e-4a55-9d7e-2b8c1f0e4d11', isAdmin: false };

describe('createAccessTokens', () => {
  it('should sign the contract claims and verify them until exp', async () => {
    const clock = new FakeClock();
    const tokens = createAccessTokens({ secret: SECRET, ttlSeconds: 60, clock });
    const token = await tokens.sign(SUBJECT);

    expect(await tokens.verify(token)).toEqual({ ok: true, value: SUBJECT });
    clock.advance(60_000);
    expect(await tokens.verify(token)).toEqual({ ok: false, error: 'expired' });
  });

  it('should refuse tokens signed with another secret, unsigned tokens and foreign claims', async () => {
    const clock = new FakeClock();
    const tokens = createAccessTokens({ secret: SECRET, ttlSeconds: 60, clock });
    const now = Math.floor(clock.now().getTime() / 1000);
    const other = await createAccessTokens({ secret: `${SECRET}-anders`, ttlSeconds: 60, clock }).sign(
      SUBJECT,
    );
    const unsigned = new UnsecuredJWT({ sid: SUBJECT.sessionId, is_admin: true })
      .setSubject('7')
      .setIssuer('loop')
      .setAudience('loop-api')
      .setExpirationTime(now + 60)
      .encode();
    const key = new TextEncoder().encode(SECRET);
    const sign = (claims: Record<string, unknown>, subject: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer('loop')
        .setAudience('loop-api')
        .setExpirationTime(now + 60)
        .sign(key);

    for (const token of [
      other,
      unsigned,
      'niet.eens.een-jwt',
      await sign({ sid: 'geen-uuid', is_admin: false }, '7'),
      await sign({ sid: SUBJECT.sessionId, is_admin: 'ja' }, '7'),
      await sign({ sid: SUBJECT.sessionId, is_admin: false }, '99999999999'),
    ]) {
      expect(await tokens.verify(token)).toEqual({ ok: false, error: 'invalid' });
    }
    expect(await tokens.verify(await sign({ sid: SUBJECT.sessionId, is_admin: false }, '7'))).toEqual({
      ok: true,
      value: SUBJECT,
    });
  });

  it('should answer a token checked before as the first check would, expiring it at the same second', async () => {
    const clock = new FakeClock();
    const tokens = createAccessTokens({ secret: SECRET, ttlSeconds: 60, clock });
    const fresh = createAccessTokens({ secret: SECRET, ttlSeconds: 60, clock });
    const token = await tokens.sign(SUBJECT);
    expect(await tokens.verify(token)).toEqual({ ok: true, value: SUBJECT });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toEqual({ ok: false, error: 'invalid' });
    clock.advance(59_000);
    expect(await tokens.verify(token)).toEqual(await fresh.verify(token));
    expect(await tokens.verify(token)).toEqual({ ok: true, value: SUBJECT });
    clock.advance(1_000);
    expect(await fresh.verify(token)).toEqual({ ok: false, error: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: false, error: 'expired' });
  });
});
