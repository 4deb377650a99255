import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailLog } from './mailer';
import { passwordResetMail, verificationMail } from './messages';
import { createOutboxMailer } from './outboxMailer';

let dir: string;
let logged: Array<{ details: object; message: string }>;
const log: MailLog = {
  info: (details, message) => logged.push({ details, message }),
  error: (details, message) => logged.push({ details, message }),
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loop-outbox-'));
  logged = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LINK = `https://loop.voorbeeld.nl/verify/${'A1b2_C3d4-'.repeat(4)}xyz`;

describe('createOutboxMailer', () => {
  it('should write a complete .eml named <iso-timestamp>-<kind> with the link intact, and log the link', async () => {
    const mailer = createOutboxMailer({
      dir: join(dir, 'outbox'),
      from: 'Loop <no-reply@loop.local>',
      log,
      now: () => new Date('2026-03-02T09:15:30.123Z'),
    });

    await mailer.send(verificationMail({ name: 'Zoë <Test>', email: 'zoe@voorbeeld.nl' }, LINK));

    const files = await readdir(join(dir, 'outbox'));
    expect(files).toEqual(['2026-03-02T09-15-30.123Z-verify.eml']);
    const eml = await readFile(join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('From: Loop <no-reply@loop.local>\n');
    expect(eml).toContain('To: zoe@voorbeeld.nl\n');
    expect(eml).toContain('Subject: Bevestig je e-mailadres voor Loop\n');
    expect(eml).toContain('MIME-Version: 1.0\n');
    expect(eml).toMatch(/Content-Type: multipart\/alternative; boundary="loop-[0-9a-f]+"/);
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
    expect(eml).toContain('Content-Type: text/html; charset=utf-8');
    expect(eml).toContain('Hallo Zoë <Test>,');
    expect(eml).toContain('Hallo Zoë &lt;Test&gt;,');
    // Text part once, HTML part as button and as visible link: never wrapped or encoded.
    expect(eml.match(/https?:\/\/[^\s"'<>]+/g)).toEqual([LINK, LINK, LINK, LINK]);
    expect(logged).toEqual([
      {
        details: { to: 'zoe@voorbeeld.nl', file: join(dir, 'outbox', files[0]!) },
        message: `Bevestigingslink voor verify: ${LINK}`,
      },
    ]);
  });

  it("should write a mail's own sender name on MAIL_FROM's address, encoded or quoted", async () => {
    const mailer = createOutboxMailer({ dir, from: '"Loop Enquêtes" <no-reply@loop.local>', log });
    const mail = verificationMail({ name: 'Zoë', email: 'zoe@voorbeeld.nl' }, LINK);

    await mailer.send({ ...mail, fromName: "Café 't Hoekje via Loop" });
    await mailer.send({ ...mail, fromName: 'Zeg "hoi", B.V. via Loop' });
    await mailer.send(mail);

    const froms = await Promise.all(
      (await readdir(dir)).map(
        async (file) => /^From: (.*)$/m.exec(await readFile(join(dir, file), 'utf8'))?.[1],
      ),
    );
    expect(froms.sort()).toEqual([
      '"Zeg \\"hoi\\", B.V. via Loop" <no-reply@loop.local>',
      '=?UTF-8?Q?Caf=C3=A9_=27t_Hoekje_via_Loop?= <no-reply@loop.local>',
      '=?UTF-8?Q?Loop_Enqu=C3=AAtes?= <no-reply@loop.local>',
    ]);
  });

  it('should keep two mails of one kind in the same millisecond apart', async () => {
    const mailer = createOutboxMailer({
      dir,
      from: 'Loop <no-reply@loop.local>',
      log,
      now: () => new Date(0),
    });
    const mail = passwordResetMail(
      { name: 'A', email: 'a@voorbeeld.nl' },
      'http://loop.test/reset-password/x',
    );
    await Promise.all([mailer.send(mail), mailer.send(mail)]);
    expect((await readdir(dir)).sort()).toEqual([
      '1970-01-01T00-00-00.000Z-reset-1.eml',
      '1970-01-01T00-00-00.000Z-reset.eml',
    ]);
  });

  it("should write the message's own Message-ID and extra headers", async () => {
    const mailer = createOutboxMailer({
      dir,
      from: 'Loop <no-reply@loop.local>',
      log,
      now: () => new Date(0),
    });
    await mailer.send({
      ...verificationMail({ name: 'A', email: 'a@voorbeeld.nl' }, LINK),
      messageId: '<vast-1@loop.voorbeeld.nl>',
      headers: { 'List-Unsubscribe': '<https://loop.test/afmelden/x>', 'X-Peiling': 'Tevredenheid ÿ' },
    });
    const [file] = await readdir(dir);
    const eml = await readFile(join(dir, file ?? ''), 'utf8');
    expect(eml).toContain('Message-ID: <vast-1@loop.voorbeeld.nl>\n');
    expect(eml).toContain('List-Unsubscribe: <https://loop.test/afmelden/x>\n');
    expect(eml).toContain(`X-Peiling: =?UTF-8?B?${Buffer.from('Tevredenheid ÿ').toString('base64')}?=\n`);
  });
});
