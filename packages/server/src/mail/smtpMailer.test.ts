import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../testing/smtpSink';
import { createSmtpMailer, smtpTransportOptions } from './smtpMailer';

describe('smtpTransportOptions', () => {
  it('should read SMTP_URL with a pool and time limits by default, and let the URL override them', () => {
    expect(smtpTransportOptions('smtps://mail%40loop.nl:ge%3Aheim@smtp.voorbeeld.nl:465')).toEqual({
      host: 'smtp.voorbeeld.nl',
      port: 465,
      secure: true,
      auth: { user: 'mail@loop.nl', pass: 'ge:heim' },
      pool: true,
      maxConnections: 4,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    expect(
      smtpTransportOptions('smtp://smtp.voorbeeld.nl?pool=false&maxConnections=8&name=loop'),
    ).toMatchObject({
      host: 'smtp.voorbeeld.nl',
      secure: false,
      pool: false,
      maxConnections: 8,
      name: 'loop',
    });
  });
});

describe('createSmtpMailer', () => {
  it("should send the message's Message-ID and extra headers, and answer the server's 250 line", async () => {
    const sink = await startSmtpSink();
    const mailer = createSmtpMailer({ smtpUrl: sink.url, from: 'Loop <no-reply@loop.voorbeeld.nl>' });
    try {
      const receipt = await mailer.send({
        to: 'a@voorbeeld.nl',
        subject: 'Onderwerp',
        text: 'Tekst',
        html: '<p>Tekst</p>',
        kind: 'survey-reminder',
        link: null,
        messageId: '<vast-2@loop.voorbeeld.nl>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      expect(receipt).toEqual({ response: expect.stringMatching(/^250 .*Opgeslagen als 1$/) });
      expect(sink.deliveries[0]?.messageId).toBe('<vast-2@loop.voorbeeld.nl>');
      expect(sink.deliveries[0]?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(sink.deliveries[0]?.raw).toContain('X-Loop-Mail: survey-reminder');
    } finally {
      await mailer.close();
      await sink.close();
    }
  });
});
