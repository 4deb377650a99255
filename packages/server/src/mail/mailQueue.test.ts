import { describe, expect, it } from 'vitest';
import type { Mailer, MailLog } from './mailer';
import { MailQueue } from './mailQueue';
import { verificationMail } from './messages';

const LINK = 'http://loop.test/verify/abc';

describe('MailQueue', () => {
  it('should send in the background, log failures and let drain wait for mails in flight', async () => {
    const logged: string[] = [];
    const log: MailLog = { info: () => {}, error: (_details, message) => logged.push(message) };
    const delivered: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      async send(message) {
        await gate;
        if (message.to === 'kapot@voorbeeld.nl') throw new Error('SMTP weg');
        delivered.push(message.to);
        return { response: null };
      },
      async close() {},
    };
    const queue = new MailQueue(mailer, log);

    queue.enqueue(verificationMail({ name: 'A', email: 'a@voorbeeld.nl' }, LINK));
    queue.enqueue(verificationMail({ name: 'B', email: 'kapot@voorbeeld.nl' }, LINK));
    expect(delivered).toEqual([]);
    const drained = queue.drain();
    release();
    await drained;

    expect(delivered).toEqual(['a@voorbeeld.nl']);
    expect(logged).toEqual(['Versturen van een e-mail is mislukt']);
  });
});
