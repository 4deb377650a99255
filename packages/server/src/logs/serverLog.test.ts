import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/testApp';
import { createServerLogger, serverLogSerializers } from './serverLog';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** A pino destination that keeps every line. */
function memory() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('the server output (security finding M3)', () => {
  it("should log a failed statement's error without the values bound to it", async () => {
    const secret = 'geheim-adres@voorbeeld.nl';
    const error = await ctx.db.execute(sql`select ${secret}::int as n`).then(
      () => null,
      (failure: unknown) => failure as Error,
    );
    expect(error).not.toBeNull();
    // The driver's error does carry the value: what the serializer must keep out of the log.
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error!)) + String(error)).toContain(secret);
    const serialized = JSON.stringify(serverLogSerializers({ logClientAddress: false }).err(error!));
    expect(serialized).not.toContain(secret);
    expect(serialized).toContain('select $1::int as n');
    expect(serialized).toContain('22P02');
  });

  it('should name the route pattern, not the path with its token, and no client address unless asked', async () => {
    const quiet = memory();
    const app = await ctx.buildApp({
      logger: createServerLogger({ level: 'info', logClientAddress: false }, quiet.stream),
    });
    const token = 'Geheim-Token-van-32-tekens-lang-x';
    await app.inject({ method: 'GET', url: `/api/v1/respond/${token}?bron=mail` });
    const text = quiet.lines.join('\n');
    expect(text).toContain('/api/v1/respond/:token');
    expect(text).not.toContain(token);
    expect(text).not.toContain('bron=mail');
    expect(text).not.toContain('remoteAddress');
    expect(text).not.toContain('127.0.0.1');

    const chatty = memory();
    const withAddress = await ctx.buildApp({
      logger: createServerLogger({ level: 'info', logClientAddress: true }, chatty.stream),
    });
    await withAddress.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '192.0.2.7' });
    expect(chatty.lines.join('\n')).toContain('"remoteAddress":"192.0.2.7"');
  });
});
