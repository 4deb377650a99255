import { describe, expect, it } from 'vitest';
import type { OpenAnswerSummary } from '../../contract';
import { SUMMARY_TEXTS, summaryErrorText, summaryView } from './summaryView';

const summary = (change: Partial<OpenAnswerSummary> = {}): OpenAnswerSummary => ({
  survey_id: 4,
  question_id: 'q-verbeter',
  analyst: 'builtin',
  answers_total: 40,
  answers_considered: 40,
  themes: [
    { label: 'Werkdruk', count: 12, quotes: ['De werkdruk is te hoog.'] },
    { label: 'Laptops', count: 1, quotes: [] },
  ],
  other_count: 27,
  too_few: false,
  generated_at: '2026-11-26T10:00:00.000Z',
  ...change,
});

describe('summaryView', () => {
  it('should give each theme its count and share of the answers in text and as a bar length', () => {
    const view = summaryView(summary());
    expect(view.themes).toEqual([
      {
        key: 'theme-1',
        label: 'Werkdruk',
        count: 12,
        countText: '12 antwoorden (30%)',
        share: 0.3,
        quotes: ['De werkdruk is te hoog.'],
      },
      { key: 'theme-2', label: 'Laptops', count: 1, countText: '1 antwoord (3%)', share: 0.025, quotes: [] },
    ]);
    expect(view.otherText).toBe('Overig: 27 antwoorden (68%)');
    expect(view.basisText).toBe('Gebaseerd op 40 antwoorden.');
    expect(view.madeByText).toBe(SUMMARY_TEXTS.builtin);
    expect(view.emptyText).toBeNull();
  });

  it('should say when only the newest answers were read, and that a language model made it', () => {
    const view = summaryView(summary({ analyst: 'llm', answers_total: 12_345, answers_considered: 250 }));
    expect(view.basisText).toBe('Gebaseerd op de nieuwste 250 van 12.345 antwoorden.');
    expect(view.madeByText).toBe(SUMMARY_TEXTS.llm);
    expect(view.madeByText).toContain('AI-taalmodel');
  });

  it('should explain an empty summary: too few answers, or nothing that recurs', () => {
    const tooFew = summaryView(
      summary({ too_few: true, themes: [], answers_total: 2, answers_considered: 2, other_count: 2 }),
    );
    expect(tooFew.emptyText).toBe('Te weinig antwoorden om samen te vatten: er zijn er minstens 3 nodig.');
    expect(tooFew.otherText).toBeNull();
    expect(summaryView(summary({ themes: [], other_count: 40 })).emptyText).toBe(SUMMARY_TEXTS.noThemes);
    expect(summaryView(summary({ other_count: 0 })).otherText).toBeNull();
  });
});

describe('summaryErrorText', () => {
  it("should show the server's Dutch detail, else a text by status, else the fallback", () => {
    expect(
      summaryErrorText({
        ok: false,
        status: 400,
        detail: 'Alleen de antwoorden op een open vraag kunnen worden samengevat.',
      }),
    ).toBe('Alleen de antwoorden op een open vraag kunnen worden samengevat.');
    expect(summaryErrorText({ ok: false, status: 504, detail: 'Gateway Timeout', fallback: true })).toBe(
      'De analyse duurt te lang. Probeer het later opnieuw.',
    );
    expect(summaryErrorText({ ok: false, status: 403, detail: '', fallback: true })).toBe(
      'AI-inzichten zijn niet beschikbaar voor dit abonnement.',
    );
    expect(summaryErrorText({ ok: false, status: 500, detail: 'x', fallback: true })).toBe(
      'Er ging iets mis bij het samenvatten van de antwoorden. Probeer het opnieuw.',
    );
  });
});
