import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Question, Survey } from '@loop/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeWebhookReceiver,
  startFakeWebhookReceiver,
} from '../packages/server/src/testing/alertTesting';
import { seriousViolations } from './axe';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';
import { demoApi, openSurvey, publicToken } from './respondFixtures';

/**
 * Issue 27's alerts in Chromium against the real server: a member sets 'Bij elke reactie', adds the
 * 'Criticaster' alert and a channel (a local fake incoming webhook, allowed through
 * ALERT_TEST_ORIGINS), sends a test message and sees its delivery; then a respondent answers
 * with an NPS of 3, and the alert arrives in the outbox folder and at the receiver.
 */

const QUESTIONS: Question[] = [
  { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 0, settings: {} },
  {
    id: 'q-open',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 1,
    settings: { max_length: 2000 },
  } as Question,
];

let server: RunningServer;
let browser: Browser;
let receiver: FakeWebhookReceiver;

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
  [server, browser] = await Promise.all([
    startServer({ ALERT_TEST_ORIGINS: receiver.origin, ALERT_INTERVAL_SECONDS: '1' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

interface Mail {
  readonly kind: string;
  readonly subject: string;
  readonly text: string;
}

async function alertMails(): Promise<Mail[]> {
  const outbox = join(server.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const file of files) {
    const text = await readFile(join(outbox, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? '';
    if (header('X-Loop-Mail') === 'response-alert')
      mails.push({ kind: 'response-alert', subject: header('Subject'), text });
  }
  return mails;
}

describe('alerts on new responses', () => {
  it('should send the criticaster alert to the outbox and the channel once a respondent answers', async () => {
    const api = await demoApi(server);
    const survey: Survey = await openSurvey(api, {
      title: 'Meldingen proef',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Bedankt voor je antwoorden!',
      close_at: null,
      questions: QUESTIONS,
    });

    const { page, context, problems } = await openPage(browser);
    page.setDefaultTimeout(30_000);
    await login(page, server.url, DEMO.user);
    await page.goto(`${server.url}/survey/${survey.id}/edit`);
    const section = page.getByTestId('survey-alerts');
    await section.getByRole('radio', { name: 'Bij elke reactie' }).check();
    await section.getByRole('button', { name: 'Mijn meldingen opslaan' }).click();
    await page.getByText('Jouw meldingen zijn opgeslagen.').waitFor();

    await section.getByRole('button', { name: 'Criticaster toevoegen (NPS 0–6)' }).click();
    await section.getByRole('button', { name: 'Meldingen bij voorwaarden opslaan' }).click();
    await page.getByText('Meldingen bij voorwaarden opgeslagen.').waitFor();

    // A Slack address that is not one is refused in Dutch; the local receiver is taken.
    await section.getByLabel('Webhook-adres').fill('https://example.com/services/x');
    await section.getByRole('button', { name: 'Kanaal opslaan' }).click();
    await section
      .getByText('Dit is geen webhook-adres van Slack of Microsoft Teams.', { exact: false })
      .first()
      .waitFor();
    await section.getByLabel('Webhook-adres').fill(receiver.url);
    await section.getByRole('button', { name: 'Kanaal opslaan' }).click();
    await section.getByText('Testontvanger (127.0.0.1)').waitFor();
    await section.getByRole('button', { name: 'Testbericht sturen' }).click();
    await expect
      .poll(() => section.getByTestId('webhook-last-delivery').textContent(), { timeout: 30_000 })
      .not.toBe('Nog niets afgeleverd');
    expect(receiver.received).toEqual([
      { text: "Testbericht van Loop: meldingen van de survey 'Meldingen proef' komen in dit kanaal binnen." },
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // A respondent answers through the public link.
    const respondent = await openPage(browser);
    respondent.page.setDefaultTimeout(30_000);
    await respondent.page.goto(`${server.url}/respond/${await publicToken(api, survey.id)}`);
    await respondent.page.getByRole('button', { name: 'Starten' }).click();
    await respondent.page.getByRole('radio', { name: '3', exact: true }).check();
    await respondent.page.getByRole('button', { name: 'Volgende' }).click();
    await respondent.page
      .getByRole('textbox', { name: /Wat kan beter\?/ })
      .fill('Sneller antwoorden op mail.');
    await respondent.page.getByRole('button', { name: 'Versturen' }).click();
    await respondent.page.getByText('Bedankt voor je antwoorden!').waitFor();
    await respondent.context.close();

    await expect.poll(async () => (await alertMails()).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await alertMails();
    expect(mail?.subject).toBe("Melding 'Criticaster': nieuwe reactie op 'Meldingen proef'");
    expect(mail?.text).toContain('- Zou je ons aanbevelen?: 3');
    expect(mail?.text).toContain('- Wat kan beter?: Sneller antwoorden op mail.');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    const message = (receiver.received[1] as { text: string }).text;
    expect(message).toContain("Melding 'Criticaster': nieuwe reactie op 'Meldingen proef'");
    expect(message).toContain('- Wat kan beter?: Sneller antwoorden op mail.');
  });
});
