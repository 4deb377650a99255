import { describe, expect, it } from 'vitest';
import { ORGANISATION_PEOPLE, PRIVACY_CORPUS } from '../../../testing/privacyCorpus';
import { summariseOpenAnswers } from './summariseOpenAnswers';
import { NEUTRAL_LABEL, parseSummaryAnswer, summaryPrompt } from './summaryPrompt';

/** What the corpus's answers hold that no prompt, label or quote may show. */
const PERSONAL = [
  'NL91',
  '0417',
  'BE68',
  'DE89',
  'GB82',
  '111222333',
  '1234.56.782',
  '123 456 782',
  '06-12345678',
  'voorbeeld.nl',
  'Kerkstraat',
  '1234 AB',
  'Meerdervoort',
  'Dorpsweg',
  'Prinsengracht',
  'Vries',
  'Yılmaz',
  'yilmaz',
  'Van den Berg',
  'Jansen en',
  'Amrani',
  'Hart',
  'Linden',
];

const texts = PRIVACY_CORPUS.map((answer) => answer.text);

describe('summaries and personal data', () => {
  it('should hand the model the masked question and answers, with the names of the organisation (R-PRIV-4)', () => {
    const prompt = summaryPrompt({
      question: 'Wat vindt u van Jan de Vries?',
      texts,
      names: ORGANISATION_PEOPLE,
    });
    expect(prompt.user).toContain('Vraag: Wat vindt u van [naam]?');
    for (const each of PERSONAL) expect(`${prompt.system}${prompt.user}`, each).not.toContain(each);
    expect(prompt.sent).toEqual(PRIVACY_CORPUS.map((answer) => answer.masked));
  });

  it('should make a label plain text without names, and a label of nothing but a name neutral (R-PRIV-9)', () => {
    const prompt = summaryPrompt({ question: 'Vraag', texts, names: ORGANISATION_PEOPLE });
    const read = parseSummaryAnswer(
      JSON.stringify({
        themes: [
          { label: '<b>Klachten</b> over &lt;i&gt;Jan de Vries&lt;/i&gt;', count: 3, quotes: [] },
          {
            label: 'Mevrouw Yılmaz',
            count: 2,
            quotes: ['[naam] hielp me snel.', 'mevr. Yılmaz hielp me snel.'],
          },
        ],
        overig: 1,
      }),
      prompt.sent,
      prompt.masker,
    );
    expect(read?.themes).toEqual([
      { label: 'Klachten over [naam]', count: 3, quotes: [] },
      { label: `${NEUTRAL_LABEL} 2`, count: 2, quotes: ['[naam] hielp me snel.'] },
    ]);
  });

  it("should keep the built-in summary's themes and quotes free of personal data", () => {
    const summary = summariseOpenAnswers([...texts, ...texts], ORGANISATION_PEOPLE);
    const shown = JSON.stringify(summary.themes);
    for (const each of PERSONAL) expect(shown, each).not.toContain(each);
    expect(summary.themes.map((theme) => theme.label)).not.toContain('Naam');
    expect(shown).toContain('[naam]');
  });
});
