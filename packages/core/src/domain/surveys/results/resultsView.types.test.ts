import { describe, expect, it } from 'vitest';
import type { QuestionOf, SurveyResults } from '../../contract';
import { surveyResultsView } from './resultsView';
import { nps, survey } from './resultsView.fixtures';

const TEXT_BLOCK: QuestionOf<'text_block'> = {
  id: 'q-intro',
  type: 'text_block',
  title: 'Over je werkplek',
  description: 'De volgende vragen gaan over je werkplek.',
  required: false,
  position: 0,
  settings: {},
};

const results = (questions: SurveyResults['questions']): SurveyResults => ({
  survey_id: 12,
  responses: {
    completed: 1,
    in_progress: 0,
    invited: 0,
    response_rate: null,
    completion_rate: 1,
    last_response_at: '2025-11-03T10:00:00Z',
  },
  bucket: 'day',
  over_time: [],
  questions,
});

describe('surveyResultsView: text block', () => {
  it('should leave a text block out of the results, which has no answers', () => {
    const view = surveyResultsView(
      survey([TEXT_BLOCK, { ...nps, position: 1 }]),
      results([{ question_id: nps.id, type: 'nps', answered: 1, seen_count: 1, by_score: { '9': 1 } }]),
    );
    expect(view.questions.map((question) => question.questionId)).toEqual([nps.id]);
  });
});

describe('surveyResultsView: number', () => {
  it('should show median, quartiles, mean and extremes with the unit, and a bar per value', () => {
    const weight: QuestionOf<'number'> = {
      id: 'q-weight',
      type: 'number',
      title: 'Kilo per dag',
      required: false,
      position: 0,
      settings: { step: 0.5, unit: 'kg' },
    };
    const view = surveyResultsView(
      survey([weight]),
      results([
        {
          question_id: weight.id,
          type: 'number',
          answered: 4,
          seen_count: 4,
          by_value: { '10': 2, '40000.5': 1, '2.5': 1 },
        },
      ]),
    );
    const [block] = view.questions;
    if (block?.kind !== 'number') throw new Error('no number view');
    expect(block.answeredText).toBe('4 antwoorden');
    expect(block.figures).toEqual([
      { label: 'Mediaan', text: '10 kg' },
      { label: 'Kwartielen', text: '8,13 kg tot 10.007,63 kg' },
      { label: 'Gemiddelde', text: '10.005,75 kg' },
      { label: 'Laagste en hoogste', text: '2,5 kg en 40.000,5 kg' },
    ]);
    expect(block.rows.map((row) => [row.label, row.valueText])).toEqual([
      ['2,5 kg', '1 (25%)'],
      ['10 kg', '2 (50%)'],
      ['40.000,5 kg', '1 (25%)'],
    ]);
  });
});

describe('surveyResultsView: dropdown', () => {
  it('should show a dropdown as bars per option, named as a dropdown', () => {
    const dept: QuestionOf<'dropdown'> = {
      id: 'q-dept',
      type: 'dropdown',
      title: 'Afdeling',
      required: false,
      position: 0,
      settings: {
        options: [
          { id: 'd1', label: 'ICT' },
          { id: 'd2', label: 'Verkoop' },
        ],
      },
    };
    const view = surveyResultsView(
      survey([dept]),
      results([
        {
          question_id: dept.id,
          type: 'dropdown',
          answered: 4,
          seen_count: 4,
          by_option: { d1: 3, d2: 1 },
          other: 0,
          other_texts: [],
          other_text_count: 0,
        },
      ]),
    );
    const [block] = view.questions;
    if (block?.kind !== 'choice') throw new Error('no choice view');
    expect(block.typeLabel).toBe('Keuzelijst');
    expect(block.other).toBeNull();
    expect(block.rows.map((row) => [row.label, row.valueText])).toEqual([
      ['ICT', '3 (75%)'],
      ['Verkoop', '1 (25%)'],
    ]);
  });
});

describe('surveyResultsView: date', () => {
  it('should show the answers per month, months between them included', () => {
    const start: QuestionOf<'date'> = {
      id: 'q-start',
      type: 'date',
      title: 'Startdatum',
      required: false,
      position: 0,
      settings: {},
    };
    const view = surveyResultsView(
      survey([start]),
      results([
        {
          question_id: start.id,
          type: 'date',
          answered: 4,
          seen_count: 4,
          by_month: { '2025-12': 1, '2026-02': 3 },
        },
      ]),
    );
    const [block] = view.questions;
    if (block?.kind !== 'date') throw new Error('no date view');
    expect(block.rows.map((row) => [row.label, row.valueText])).toEqual([
      ['december 2025', '1 (25%)'],
      ['januari 2026', '0 (0%)'],
      ['februari 2026', '3 (75%)'],
    ]);
  });
});

describe('surveyResultsView: ranking', () => {
  it('should list the options by average position with their share ranked first', () => {
    const prio: QuestionOf<'ranking'> = {
      id: 'q-prio',
      type: 'ranking',
      title: 'Belangrijkst',
      required: false,
      position: 0,
      settings: {
        options: [
          { id: 'prijs', label: 'Prijs' },
          { id: 'service', label: 'Service' },
        ],
      },
    };
    const view = surveyResultsView(
      survey([prio]),
      results([
        {
          question_id: prio.id,
          type: 'ranking',
          answered: 4,
          seen_count: 4,
          by_position: { prijs: { '1': 1, '2': 3 }, service: { '1': 3, '2': 1 } },
        },
      ]),
    );
    const [block] = view.questions;
    if (block?.kind !== 'ranking') throw new Error('no ranking view');
    expect(block.typeLabel).toBe('Rangorde');
    expect(block.rows.map((row) => [row.label, row.valueText, row.width])).toEqual([
      ['Service', 'gemiddeld 1,3e · 75% als eerste', 75],
      ['Prijs', 'gemiddeld 1,8e · 25% als eerste', 25],
    ]);
  });
});
