import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { missingServices, reachable } from './testServices.mjs';

const NODE = process.execPath; // an executable that surely exists

describe('missingServices', () => {
  it('should say in one line each that PostgreSQL, Redis, HAProxy and Chromium are missing, and how to get them', async () => {
    const problems = await missingServices({
      url: new URL('postgres://postgres@127.0.0.1:1/test'),
      redis: new URL('redis://127.0.0.1:2'),
      chromiumPath: '/nonexistent/chromium',
      haproxyPath: '/nonexistent/haproxy',
      canReach: async () => false,
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(
      /^PostgreSQL is not reachable at 127\.0\.0\.1:1 .*database 'test'.*apt-get install -y postgresql/,
    );
    expect(problems[1]).toMatch(
      /^Redis is not reachable at 127\.0\.0\.1:2 .*apt-get install -y redis-server/,
    );
    expect(problems[2]).toMatch(/^HAProxy is not at \/nonexistent\/haproxy .*apt-get install -y haproxy/);
    expect(problems[3]).toMatch(/^Chromium is not at \/nonexistent\/chromium .*apt-get install -y chromium/);
    for (const problem of problems) expect(problem).not.toContain('\n');
  });

  it('should find nothing missing when all are here', async () => {
    expect(
      await missingServices({ chromiumPath: NODE, haproxyPath: NODE, canReach: async () => true }),
    ).toEqual([]);
  });
});

describe('reachable', () => {
  it('should tell a listening port from a closed one', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    expect(await reachable('127.0.0.1', address.port)).toBe(true);
    server.close();
    await new Promise((resolve) => server.once('close', resolve));
    expect(await reachable('127.0.0.1', address.port, 500)).toBe(false);
  });
});
