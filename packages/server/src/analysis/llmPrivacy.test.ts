import type { Survey } from '@loop/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analysedTeam, makeAnalysis } from '../testing/analysisTesting';
import { type FakeReply, fakeLlmConfig, startFakeOpenAi } from '../testing/fakeOpenAi';
import { addContact, as } from '../testing/invitationTesting';
import { resultQuestions, storeResponse } from '../testing/resultsTesting';
import { summarise, summaryOf } from '../testing/summaryTesting';
import { sampleInput } from '../testing/surveyTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';

/**
 * Personal data at the language model's boundary (R-PRIV-4 to R-PRIV-9), against the fake
 * OpenAI-compatible server: what the model RECEIVED holds no IBAN, BSN, address or name of the
 * organisation's people, and what it writes back reaches the member as plain text without names.
 * 'Jan de Vries' is a contact of the organisation, 'Lotte Lid' one of its members.
 */
const ANSWERS = [
  'Graag mijn onkosten terug op NL91 ABNA 0417 1643 00, de werkdruk is hoog.',
  'Mijn BSN 111222333 staat verkeerd in het systeem, de werkdruk ook.',
  'Post voor mij naar Kerkstraat 12, 1234 AB Amsterdam; werkdruk blijft.',
  'Jan de Vries helpt altijd, ondanks de werkdruk.',
  'Lotte Lid plant te veel vergaderingen.',
  'meneer De Vries reageert traag op vergaderingen.',
  'Te veel vergaderingen, bestelnummer 123456789 kwam nooit.',
  'De weg naar het kantoor is slecht verlicht.',
] as const;

/** What no prompt may carry. */
const SECRETS = ['NL91', '0417 1643', '111222333', 'Kerkstraat', '1234 AB', 'Vries', 'Lotte', 'Lid plant'];

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let reply: FakeReply = { content: '' };
let app: FastifyInstance;
let team: TestTeam;
let survey: Survey;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => reply);
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: fakeLlmConfig(fake.baseUrl) });
  team = await createTeam(ctx, 'Privacy BV');
  await addContact(ctx, as(team), { name: 'Jan de Vries', email: 'jan@voorbeeld.nl' });
  const created = await api(app, 'POST', '/surveys', {
    token: team.owner.token,
    headers: team.headers,
    payload: sampleInput({ title: 'Verbeterpunten', questions: resultQuestions() }),
  });
  survey = created.json<Survey>();
  for (const [index, text] of ANSWERS.entries()) {
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date(Date.parse('2026-02-01T10:00:00Z') + index * 86_400_000),
      answers: { lang: { text } },
    });
  }
});

afterAll(async () => {
  await ctx?.close();
  fake?.close();
});

beforeEach(() => {
  fake.captured.length = 0;
});

describe('personal data at the language model', () => {
  it('should send the model no IBAN, BSN, address or name of the organisation, and keep what only looks like one', async () => {
    reply = { content: JSON.stringify({ themes: [{ label: 'Werkdruk', count: 4, quotes: [] }], overig: 4 }) };
    const response = await summarise(app, team, survey);
    expect(response.statusCode, response.body).toBe(200);
    const received = JSON.stringify(fake.captured[0]?.body.messages);
    for (const secret of SECRETS) expect(received, secret).not.toContain(secret);
    for (const placeholder of ['[IBAN]', '[BSN]', '[adres]', '[naam]'])
      expect(received).toContain(placeholder);
    expect(received).toContain('bestelnummer 123456789');
    expect(received).toContain('De weg naar het kantoor');
  });

  it('should give back a label with HTML and a name as plain text without the name, and quotes masked', async () => {
    reply = {
      content: JSON.stringify({
        themes: [
          {
            label: '<b>Klachten</b> over &lt;i&gt;Jan de Vries&lt;/i&gt;',
            count: 2,
            quotes: ['[naam] helpt altijd, ondanks de werkdruk.', 'Jan de Vries helpt altijd'],
          },
          { label: 'Lotte Lid', count: 2, quotes: [] },
        ],
        overig: 4,
      }),
    };
    const summary = summaryOf(await summarise(app, team, survey));
    expect(summary.themes).toEqual([
      { label: 'Klachten over [naam]', count: 2, quotes: ['[naam] helpt altijd, ondanks de werkdruk.'] },
      { label: 'Thema 2', count: 2, quotes: [] },
    ]);
  });

  it("should mask the members' names in the business analysis's labels", async () => {
    const analysed = await analysedTeam(ctx, 'Lotte Lid Advies');
    reply = { content: '# Bedrijfsanalyse\n\n## Samenvatting\n\n- Goed.' };
    const response = await makeAnalysis(app, analysed.team);
    expect(response.statusCode, response.body).toBe(200);
    const received = JSON.stringify(fake.captured[0]?.body.messages);
    expect(received).not.toContain('Lotte Lid');
    expect(received).toContain('Bedrijfsanalyse [naam] Advies');
  });
});
