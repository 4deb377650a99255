import type { EndScreen, InvitationTexts, Question, Quota } from '../../contract';
import { QUOTA_END_SCREEN_TEXT_MAX_LENGTH } from '../logic';
import {
  NUMBER_UNIT_MAX_LENGTH,
  OPTION_LABEL_MAX_LENGTH,
  QUESTION_DESCRIPTION_MAX_LENGTH,
  QUESTION_TITLE_MAX_LENGTH,
  READINESS_MESSAGES,
  SCALE_LABEL_MAX_LENGTH,
  STATEMENT_MAX_LENGTH,
  SURVEY_HTML_MAX_LENGTH,
  SURVEY_TITLE_MAX_LENGTH,
  THANK_YOU_TEXT_MAX_LENGTH,
} from '../model';

/**
 * The texts of a survey that a translation covers, each under a stable key (R-SURV-16):
 *
 * - `title`, `description_html`, `introduction_html`, `thank_you_text`;
 * - `questions.<qid>.title`, `questions.<qid>.description`;
 * - `questions.<qid>.options.<oid>` (choice questions), `questions.<qid>.statements.<sid>` and
 *   `questions.<qid>.labels.<n>` (Likert; `n` is the point, 1 to 5 or 7: points have no id, and a
 *   point keeps its meaning when statements move), `questions.<qid>.low_label` / `high_label` (NPS),
 *   `questions.<qid>.unit` (a number question's unit, R-SURV-26);
 * - `end_screens.<eid>.text` (the logic's end screens);
 * - `quotas.<id>.end_screen_text` (what a respondent over a full quota sees, R-SURV-25);
 * - `invitation.subject`, `invitation.body` (only when the organisation wrote its own invitation).
 *
 * Ids, never positions, wherever the survey has them: moving a question or a choice keeps its
 * translation. An empty optional text (a question without description, an unlabelled point) is no
 * source: there is nothing to translate.
 */

/** An end screen's text: as long as a thank-you text may be. */
export const END_SCREEN_TEXT_MAX_LENGTH = THANK_YOU_TEXT_MAX_LENGTH;
export const INVITATION_SUBJECT_MAX_LENGTH = 200;
export const INVITATION_BODY_MAX_LENGTH = 5000;

/** What a translation is made of: a survey, or anything with a survey's texts (a template, an input). */
export interface TranslatableSurvey {
  readonly title: string;
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  readonly questions: readonly Question[];
  readonly logic?: { readonly end_screens: readonly EndScreen[] };
  /** Only the end-screen text of a quota is a text to translate (R-SURV-25). */
  readonly quotas?: readonly Quota[];
  readonly invitation?: InvitationTexts;
}

/** One text to translate. */
export interface SourceText {
  readonly key: string;
  /** The Dutch text. */
  readonly text: string;
  /** `html`: rich text; its translation is HTML too and is sanitised like the Dutch text. */
  readonly kind: 'plain' | 'html';
  /** The longest translation accepted: the limit of the Dutch field. */
  readonly max_length: number;
  /** Where the text stands, in Dutch: "Vraag 2 ('Afdeling'): keuze 'Verkoop'". */
  readonly label: string;
}

/** 'Verkoop' quoted on one line, shortened as a question's title is. */
function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `'${flat.length > 40 ? `${flat.slice(0, 39)}…` : flat}'`;
}

export const SOURCE_LABELS = {
  title: 'De titel van de survey',
  description: 'De beschrijving van de survey',
  introduction: 'De introductie van de survey',
  thankYou: 'De bedanktekst',
  questionTitle: (question: string) => `${question}: de vraagtekst`,
  questionDescription: (question: string) => `${question}: de toelichting`,
  option: (question: string, text: string) => `${question}: keuze ${quoted(text)}`,
  statement: (question: string, text: string) => `${question}: stelling ${quoted(text)}`,
  point: (question: string, point: number) => `${question}: het label van punt ${point}`,
  lowLabel: (question: string) => `${question}: het label bij 0`,
  highLabel: (question: string) => `${question}: het label bij 10`,
  unit: (question: string) => `${question}: de eenheid`,
  quotaEndScreen: (name: string) => `Quotum ${quoted(name)}: de tekst van het eindscherm`,
  endScreen: (number: number, text: string) =>
    READINESS_MESSAGES.question(number, text).replace(/^Vraag/, 'Eindscherm'),
  invitationSubject: 'Het onderwerp van de uitnodiging',
  invitationBody: 'De tekst van de uitnodiging',
} as const;

const filled = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

function questionSources(question: Question, number: number): SourceText[] {
  const at = READINESS_MESSAGES.question(number, question.title);
  const prefix = `questions.${question.id}`;
  const out: SourceText[] = [];
  const add = (key: string, text: string | undefined, max_length: number, label: string) => {
    if (filled(text)) out.push({ key: `${prefix}.${key}`, text, kind: 'plain', max_length, label });
  };
  add('title', question.title, QUESTION_TITLE_MAX_LENGTH, SOURCE_LABELS.questionTitle(at));
  add(
    'description',
    question.description,
    QUESTION_DESCRIPTION_MAX_LENGTH,
    SOURCE_LABELS.questionDescription(at),
  );
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
    case 'ranking':
      for (const option of question.settings.options)
        add(
          `options.${option.id}`,
          option.label,
          OPTION_LABEL_MAX_LENGTH,
          SOURCE_LABELS.option(at, option.label),
        );
      break;
    case 'likert':
      for (const statement of question.settings.statements)
        add(
          `statements.${statement.id}`,
          statement.text,
          STATEMENT_MAX_LENGTH,
          SOURCE_LABELS.statement(at, statement.text),
        );
      question.settings.labels.forEach((label, index) => {
        add(`labels.${index + 1}`, label, SCALE_LABEL_MAX_LENGTH, SOURCE_LABELS.point(at, index + 1));
      });
      break;
    case 'nps':
      add('low_label', question.settings.low_label, SCALE_LABEL_MAX_LENGTH, SOURCE_LABELS.lowLabel(at));
      add('high_label', question.settings.high_label, SCALE_LABEL_MAX_LENGTH, SOURCE_LABELS.highLabel(at));
      break;
    case 'number':
      add('unit', question.settings.unit, NUMBER_UNIT_MAX_LENGTH, SOURCE_LABELS.unit(at));
      break;
    default:
      break;
  }
  return out;
}

/** The questions in survey order (by `position`, then as given). */
export const orderedQuestions = (questions: readonly Question[]): readonly Question[] =>
  [...questions].sort((a, b) => a.position - b.position);

/**
 * Every text of the survey to translate, in the order a respondent meets them (the survey's texts,
 * the questions in order with their parts, the end screens, the quotas' end screens, the invitation); empty optional texts
 * are left out.
 */
export function sourceTexts(survey: TranslatableSurvey): readonly SourceText[] {
  const out: SourceText[] = [];
  const top = (key: string, text: string, kind: SourceText['kind'], max_length: number, label: string) => {
    if (filled(text)) out.push({ key, text, kind, max_length, label });
  };
  top('title', survey.title, 'plain', SURVEY_TITLE_MAX_LENGTH, SOURCE_LABELS.title);
  top('description_html', survey.description_html, 'html', SURVEY_HTML_MAX_LENGTH, SOURCE_LABELS.description);
  top(
    'introduction_html',
    survey.introduction_html,
    'html',
    SURVEY_HTML_MAX_LENGTH,
    SOURCE_LABELS.introduction,
  );
  orderedQuestions(survey.questions).forEach((question, index) => {
    out.push(...questionSources(question, index + 1));
  });
  top('thank_you_text', survey.thank_you_text, 'plain', THANK_YOU_TEXT_MAX_LENGTH, SOURCE_LABELS.thankYou);
  (survey.logic?.end_screens ?? []).forEach((screen, index) => {
    top(
      `end_screens.${screen.id}.text`,
      screen.text,
      'plain',
      END_SCREEN_TEXT_MAX_LENGTH,
      SOURCE_LABELS.endScreen(index + 1, screen.text),
    );
  });
  for (const quota of survey.quotas ?? [])
    top(
      `quotas.${quota.id}.end_screen_text`,
      quota.end_screen_text,
      'plain',
      QUOTA_END_SCREEN_TEXT_MAX_LENGTH,
      SOURCE_LABELS.quotaEndScreen(quota.name),
    );
  if (survey.invitation !== undefined) {
    top(
      'invitation.subject',
      survey.invitation.subject,
      'plain',
      INVITATION_SUBJECT_MAX_LENGTH,
      SOURCE_LABELS.invitationSubject,
    );
    top(
      'invitation.body',
      survey.invitation.body,
      'plain',
      INVITATION_BODY_MAX_LENGTH,
      SOURCE_LABELS.invitationBody,
    );
  }
  return out;
}

/**
 * A short fingerprint of a Dutch text (FNV-1a over its UTF-16 units, 8 hex digits): stored beside a
 * translation, it tells when the Dutch text changed since (stale), without keeping a copy of it.
 */
export function sourceFingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
