import type { Question, QuestionOf, QuestionResult } from '../../contract';
import type { PdfDocument, PdfFont, PdfItem, TextMeasure } from '../../report';
import { questionResultView } from '../results';
import type { ResultsPdfInput, ResultsPdfView } from './layoutResultsPdf';

/** Every character half its font size wide (bold a tenth wider): sums the tests can check. */
export const fixedWidthMeasure: TextMeasure = {
  width: (text: string, font: PdfFont) =>
    Array.from(text).length * font.size * (font.style === 'bold' ? 0.55 : 0.5),
};

export type TextItem = Extract<PdfItem, { kind: 'text' }>;
export type RectItem = Extract<PdfItem, { kind: 'rect' }>;

export const textsOf = (items: readonly PdfItem[]): TextItem[] =>
  items.filter((item): item is TextItem => item.kind === 'text');

export const rectsOf = (items: readonly PdfItem[]): RectItem[] =>
  items.filter((item): item is RectItem => item.kind === 'rect');

/** Every text of the document, page after page, footers included. */
export const allTexts = (doc: PdfDocument): string[] =>
  doc.pages.flatMap((page) => textsOf(page.items).map((item) => item.text));

/** Words an open answer or an 'anders' text holds, which the PDF must never print. */
export const PRIVATE_WORDS = ['Jan de Vries', '06-12345678', 'Kantine', 'Bij de klant thuis'];

export const likertQuestion: QuestionOf<'likert'> = {
  id: 'q-likert',
  type: 'likert',
  title: 'Hoe ervaar je je werk?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [
      { id: 's1', text: 'Ik heb plezier in mijn werk' },
      { id: 's2', text: 'Ik krijg genoeg steun' },
    ],
  },
};

export const npsQuestion: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 1,
  settings: {},
};

export const singleQuestion: QuestionOf<'single_choice'> = {
  id: 'q-single',
  type: 'single_choice',
  title: 'Waar werk je meestal?',
  required: false,
  position: 2,
  settings: {
    options: [
      { id: 'a', label: 'Op kantoor' },
      { id: 'b', label: 'Thuis' },
    ],
    allow_other: true,
  },
};

export const ratingQuestion: QuestionOf<'rating'> = {
  id: 'q-rating',
  type: 'rating',
  title: 'Je cijfer voor de lunch',
  required: false,
  position: 3,
  settings: { scale: 5, style: 'stars' },
};

export const openQuestion: QuestionOf<'open_long'> = {
  id: 'q-open',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 4,
  settings: { max_length: 2000 },
};

/** Results of the questions above: 20 NPS answers (+25), Likert s1 answered 10 times, s2 never. */
export const RESULTS: Record<string, QuestionResult> = {
  'q-likert': {
    question_id: 'q-likert',
    type: 'likert',
    answered: 10,
    seen_count: 10,
    by_statement: { s1: { '1': 1, '2': 1, '3': 2, '4': 4, '5': 2 } },
  },
  'q-nps': {
    question_id: 'q-nps',
    type: 'nps',
    answered: 20,
    seen_count: 20,
    by_score: { '10': 6, '9': 4, '8': 3, '7': 2, '5': 3, '2': 2 },
  },
  'q-single': {
    question_id: 'q-single',
    type: 'single_choice',
    answered: 8,
    seen_count: 8,
    by_option: { a: 5, b: 2 },
    other: 1,
    other_texts: [{ text: 'Kantine', count: 1 }],
    other_text_count: 1,
  },
  'q-rating': {
    question_id: 'q-rating',
    type: 'rating',
    answered: 4,
    seen_count: 4,
    by_score: { '5': 2, '4': 1, '2': 1 },
  },
  'q-open': {
    question_id: 'q-open',
    type: 'open_long',
    answered: 2,
    seen_count: 2,
    latest: [
      {
        response_id: 2,
        text: 'Jan de Vries belt nooit terug: 06-12345678',
        submitted_at: '2025-11-03T10:00:00Z',
      },
      { response_id: 1, text: 'Bij de klant thuis werken', submitted_at: '2025-11-02T10:00:00Z' },
    ],
  },
};

export const QUESTIONS: readonly Question[] = [
  likertQuestion,
  npsQuestion,
  singleQuestion,
  ratingQuestion,
  openQuestion,
];

export const viewOf = (questions: readonly Question[] = QUESTIONS): ResultsPdfView => ({
  summary: {
    completed: 20,
    completedText: '20',
    inProgressText: '3',
    invitedText: '40',
    responseRateText: '45%',
    completionRateText: '87%',
    lastResponseText: '3 nov. 2025',
  },
  questions: questions.map((question) => questionResultView(question, RESULTS[question.id])),
});

export const GENERATED_AT = new Date('2026-11-26T09:30:00Z');

export const pdfInput = (more: Partial<ResultsPdfInput> = {}): ResultsPdfInput => ({
  surveyTitle: 'Medewerkerstevredenheid 2026',
  filter: { from: '', to: '' },
  view: viewOf(),
  generatedAt: GENERATED_AT,
  logo: null,
  measure: fixedWidthMeasure,
  ...more,
});
