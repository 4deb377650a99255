import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Survey } from '@loop/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';
import { demoApi } from './respondFixtures';

/**
 * Issue 27's pulse rounds in Chromium against the real server (R-ROUND-1, R-ROUND-3, R-ROUND-7):
 * 'Herhalen in rondes' set with the keyboard, the server stopped before the first round's time and
 * started again after it (the test clock moved two days), the round sent once to every contact (the
 * mails in the outbox folder), a second restart that sends nothing more, the rounds listed with
 * their counts, and the rounds paused.
 */

const DAY_MS = 86_400_000;
const TITLE = 'Pulspeiling e2e';

let dataDir: string;
let clockFile: string;
let server: RunningServer | null = null;
let browser: Browser;

const env = () => ({ DATA_DIR: dataDir, TEST_CLOCK_FILE: clockFile, REMINDER_INTERVAL_SECONDS: '1' });

beforeAll(async () => {
  // One data folder for every start of the server: the same database, secret and outbox folder.
  dataDir = await mkdtemp(join(tmpdir(), 'loop-e2e-rounds-'));
  await cp(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  clockFile = join(dataDir, 'clock-offset');
  await writeFile(clockFile, '0');
  [server, browser] = await Promise.all([startServer(env()), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The addressees of this survey's invitation mails in the outbox folder. */
async function invitationRecipients(): Promise<string[]> {
  const outbox = join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  const recipients: string[] = [];
  for (const file of files) {
    const text = await readFile(join(outbox, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? '';
    if (header('X-Loop-Mail') === 'survey-invitation' && text.includes(TITLE)) recipients.push(header('To'));
  }
  return recipients.sort();
}

describe('pulse rounds', () => {
  it('should send a round whose time passed while the server was down once after the restart, and pause', async () => {
    const running = server as RunningServer;
    const api = await demoApi(running, DEMO.admin);
    const survey = await api.call<Survey>('POST', '/surveys', {
      title: TITLE,
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Dank je wel!',
      close_at: null,
      questions: [
        {
          id: 'q-nps',
          type: 'nps',
          title: 'Zou je ons aanbevelen?',
          required: true,
          position: 0,
          settings: {},
        },
      ],
    });
    await api.call('POST', `/surveys/${survey.id}/status`, { status: 'open' });

    const { page, context, problems } = await openPage(browser);
    page.setDefaultTimeout(30_000);
    await login(page, running.url, DEMO.admin);
    await page.goto(`${running.url}/survey/${survey.id}/uitnodigen`);
    const rounds = page.getByRole('region', { name: 'Herhalen in rondes' });
    await rounds.getByRole('button', { name: 'Rondes starten' }).waitFor();

    // With the keyboard: every week, all contacts, from tomorrow at 09:00 (the form's defaults).
    await rounds.getByLabel('Elke').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => rounds.getByLabel('Eenheid').inputValue()).toBe('week');
    await rounds.getByLabel('Elke').focus();
    await page.keyboard.press('Enter');
    await rounds.getByText('Elke week aan alle contacten').waitFor();
    await expect
      .poll(async () => (await rounds.locator('tbody tr').first().textContent()) ?? '')
      .toContain('Gepland');

    // Down before the round's time, up two days later: the round goes once.
    await running.stop();
    server = null;
    await writeFile(clockFile, String(2 * DAY_MS));
    server = await startServer(env());
    await expect.poll(invitationRecipients, { timeout: 60_000, interval: 500 }).not.toEqual([]);
    let settled: string[] = [];
    await expect
      .poll(
        async () => {
          const before = settled;
          settled = await invitationRecipients();
          return settled.length > 0 && settled.length === before.length;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    expect(new Set(settled).size).toBe(settled.length);

    // A second restart sends nothing more.
    await server.stop();
    server = await startServer(env());
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await invitationRecipients()).toEqual(settled);

    await login(page, server.url, DEMO.admin);
    await page.goto(`${server.url}/survey/${survey.id}/uitnodigen`);
    const after = page.getByRole('region', { name: 'Herhalen in rondes' });
    const rows = after.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Ronde 2');
    expect(await rows.nth(0).textContent()).toContain('Gepland');
    const sent = (await rows.nth(1).locator('td').allTextContents()).map((cell) => cell.trim());
    expect(sent[0]).toBe('Ronde 1');
    expect(sent[2]).toBe('Verstuurd');
    expect(sent[3]).toBe(String(settled.length));

    await after.getByRole('button', { name: 'Pauzeren' }).focus();
    await page.keyboard.press('Enter');
    await after.getByText('Gepauzeerd').waitFor();
    await after.getByRole('button', { name: 'Hervatten' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The results page compares the rounds (round 1 has no answers yet: no figures).
    await page.goto(`${server.url}/survey/${survey.id}`);
    const compare = page.getByRole('region', { name: 'Rondes vergelijken' });
    await compare.getByRole('combobox', { name: 'Deze ronde' }).waitFor();
    expect((await compare.locator('tbody td').allTextContents()).slice(0, 4)).toEqual([
      'Zou je ons aanbevelen?',
      'NPS',
      '–',
      '–',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
