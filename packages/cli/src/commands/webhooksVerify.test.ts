import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEBHOOK_VERIFY_MESSAGES, webhookHeaders, webhookSecretFrom } from '@loop/core/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exitCodes';
import { runCaptured, TEST_NOW } from '../testing/cliTesting';

let dir: string;
const SECRET = webhookSecretFrom(new Uint8Array(32).fill(7));
const OTHER_SECRET = webhookSecretFrom(new Uint8Array(32).fill(8));
const BODY = '{"type":"response.submitted","data":{"survey_id":12,"bedrag":"€ 12,50"}}';
const sentAt = Math.floor(TEST_NOW.getTime() / 1000) - 60;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loop-cli-hooks-'));
  const headers = webhookHeaders(SECRET, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', sentAt, BODY);
  await writeFile(join(dir, 'levering.json'), JSON.stringify({ headers, body: BODY }));
  await writeFile(
    join(dir, 'gewijzigd.json'),
    JSON.stringify({ headers, body: BODY.replace('12,50', '1250') }),
  );
  await writeFile(
    join(dir, 'headers.txt'),
    ['HTTP/1.1 POST /hooks', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), ''].join(
      '\r\n',
    ),
  );
  await writeFile(join(dir, 'body.json'), BODY);
  await writeFile(join(dir, 'kapot.json'), '{"headers": []}');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const verify = (argv: readonly string[], options: { now?: Date; secret?: string | undefined } = {}) =>
  runCaptured(
    ['webhooks', 'verify', ...argv],
    dir,
    { LOOP_WEBHOOK_SECRET: options.secret ?? SECRET },
    {
      ...(options.now === undefined ? {} : { now: options.now }),
    },
  );

describe('loop webhooks verify (R-CLI-7, R-HOOK-1)', () => {
  it('should accept a genuine saved delivery without any key or server', async () => {
    const run = await verify(['levering.json']);
    expect(run).toMatchObject({ code: EXIT.ok, stderr: '' });
    expect(run.stdout).toBe(
      'Geldig: levering msg_2KWPBgLlAfxdpx2AI54pPJ85f4W, verstuurd op 21-11-2026 09:59:00.\n',
    );
    const json = await verify(['levering.json', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      valid: true,
      id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
      timestamp: sentAt,
    });
  });

  it('should read the headers as curl writes them and the raw body from two files', async () => {
    const run = await verify(['--headers', 'headers.txt', '--body', 'body.json', '--secret', SECRET]);
    expect(run.code).toBe(EXIT.ok);
  });

  it("should refuse a changed body or another endpoint's secret with exit 6 and core's reason", async () => {
    const changed = await verify(['gewijzigd.json']);
    expect(changed).toMatchObject({ code: EXIT.signature, stdout: '' });
    expect(changed.stderr).toBe(`loop: ${WEBHOOK_VERIFY_MESSAGES.bad_signature}\n`);
    const other = await verify(['levering.json', '--json'], { secret: OTHER_SECRET });
    expect(other.code).toBe(EXIT.signature);
    expect(JSON.parse(other.stdout)).toMatchObject({ error: { valid: false, reason: 'bad_signature' } });
  });

  it('should call a delivery older than the tolerance a replay, unless --tolerance allows its age', async () => {
    const later = new Date(TEST_NOW.getTime() + 10 * 60_000);
    const old = await verify(['levering.json'], { now: later });
    expect(old.code).toBe(EXIT.signature);
    expect(old.stderr).toContain(WEBHOOK_VERIFY_MESSAGES.too_old);
    expect(old.stderr).toContain('replay');
    expect((await verify(['levering.json', '--tolerance', '3600'], { now: later })).code).toBe(EXIT.ok);
    expect((await verify(['levering.json', '--tolerance', '0'])).code).toBe(EXIT.signature);
  });

  it('should refuse a missing or malformed secret, file or tolerance', async () => {
    const noSecret = await verify(['levering.json'], { secret: '' });
    expect(noSecret.code).toBe(EXIT.usage);
    expect(noSecret.stderr).toContain('LOOP_WEBHOOK_SECRET');
    const badSecret = await verify(['levering.json'], { secret: 'geheim' });
    expect(badSecret).toMatchObject({ code: EXIT.signature });
    expect(badSecret.stderr).toContain(WEBHOOK_VERIFY_MESSAGES.bad_secret);
    expect((await verify(['weg.json'])).code).toBe(EXIT.file);
    const broken = await verify(['kapot.json']);
    expect(broken.code).toBe(EXIT.usage);
    expect(broken.stderr).toContain('geen opgeslagen levering');
    expect((await verify(['levering.json', '--tolerance', 'vijf'])).code).toBe(EXIT.usage);
    expect((await verify(['levering.json', '--headers', 'headers.txt'])).code).toBe(EXIT.usage);
    expect((await verify(['--headers', 'headers.txt'])).code).toBe(EXIT.usage);
  });
});
