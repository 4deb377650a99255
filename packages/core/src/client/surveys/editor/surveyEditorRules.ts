import type { FieldErrors } from '../../../domain/auth';
import type {
  Question,
  QuestionType,
  SurveyInput,
  SurveyTemplate,
  SurveyTemplateInput,
} from '../../../domain/contract';
import {
  createQuestion,
  type IdSource,
  type QuestionLocks,
  questionLocks,
} from '../../../domain/surveys/model';

/**
 * The question as another type: title, description, required and place stay; the settings are the
 * new type's defaults, except what carries over without changing its meaning: the options (single
 * ↔ multiple choice) and the maximum length (short ↔ long open text, which keeps it comparable).
 */
export function changeQuestionType(question: Question, type: QuestionType, ids: IdSource): Question {
  if (question.type === type) return question;
  const fresh = createQuestion(type, ids, question.position);
  const base = {
    id: question.id,
    title: question.title,
    // A text block is never required (R-SURV-23).
    required: fresh.type !== 'text_block' && question.required,
    position: question.position,
    ...(question.description === undefined ? {} : { description: question.description }),
  };
  if (
    (question.type === 'single_choice' || question.type === 'multiple_choice') &&
    (fresh.type === 'single_choice' || fresh.type === 'multiple_choice')
  ) {
    const { options, allow_other } = question.settings;
    return { ...base, type: fresh.type, settings: { options, allow_other } };
  }
  // A list of options carries over between the choice types and a dropdown ('anders' aside).
  if ('options' in question.settings && fresh.type === 'dropdown')
    return { ...base, type: 'dropdown', settings: { options: question.settings.options } };
  if (question.type === 'dropdown' && (fresh.type === 'single_choice' || fresh.type === 'multiple_choice'))
    return {
      ...base,
      type: fresh.type,
      settings: { options: question.settings.options, allow_other: false },
    };
  if (
    (question.type === 'open_short' || question.type === 'open_long') &&
    (fresh.type === 'open_short' || fresh.type === 'open_long')
  )
    return { ...base, type: fresh.type, settings: { max_length: question.settings.max_length } };
  return { ...fresh, ...base } as Question;
}

/** No locks: a draft, a survey without answers, or a question added since the last save. */
const UNLOCKED: QuestionLocks = {
  remove: false,
  type: false,
  points: false,
  required: false,
  optionOrder: false,
  other: false,
  lockedItemIds: [],
};

/**
 * What the editor locks on a question of a survey with `responseCount` answers, judged against the
 * question as it was last saved (the server compares with that too). A question added since then
 * only may not become required; items added since then are free. Without answers nothing is locked.
 */
export function editorLocks(
  saved: readonly Question[],
  question: Question,
  responseCount: number,
): QuestionLocks {
  if (responseCount <= 0) return UNLOCKED;
  const before = saved.find((candidate) => candidate.id === question.id);
  if (!before) return { ...UNLOCKED, required: !question.required };
  // The editor does not load which items were answered, so every saved item counts as answered.
  return questionLocks(before, { responseCount });
}

/** Why a control is locked, shown beside it. */
export const LOCK_HELP = {
  type: 'Het soort vraag ligt vast: er zijn al antwoorden op gegeven.',
  openTextType: 'Er zijn al antwoorden: alleen wisselen tussen kort en lang kan nog.',
  points: 'Het aantal punten ligt vast: de antwoorden die er al zijn, horen bij deze schaal.',
  required: 'Kan niet meer verplicht worden: eerdere deelnemers konden deze vraag overslaan.',
  remove: 'Deze vraag heeft al antwoorden en kan niet meer worden verwijderd.',
  item: 'Heeft al antwoorden en kan niet meer worden verwijderd.',
  optionOrder: 'De volgorde van bestaande antwoordopties ligt vast; nieuwe opties komen onderaan.',
  other: "'Anders, namelijk' kan niet meer uit: er zijn al eigen antwoorden gegeven.",
} as const;

/** Pads to two digits. */
const two = (value: number): string => String(value).padStart(2, '0');

/**
 * A close date as a `datetime-local` input shows it: local time, to the minute ('' for none or an
 * unreadable date).
 */
export function closeAtToInput(closeAt: string | null): string {
  if (closeAt === null) return '';
  const date = new Date(closeAt);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * The value of a `datetime-local` input as the close date to save: null when empty, an ISO 8601
 * timestamp when readable (read as local time), otherwise the text itself, so that the draft's
 * validation names it.
 */
export function closeAtFromInput(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** The Dutch texts of template forms (the server checks the same). */
export const TEMPLATE_MESSAGES = {
  nameMissing: 'Geef het sjabloon een naam.',
  saved: (name: string) => `Sjabloon '${name}' is opgeslagen.`,
  updated: 'Het sjabloon is bijgewerkt.',
  deleted: (name: string) => `Sjabloon '${name}' is verwijderd.`,
  draftInvalid: 'Vul eerst de gemarkeerde velden van de survey in; daarna kun je hem als sjabloon opslaan.',
} as const;

/** Name and description of a template as a user typed them. */
export interface TemplateMeta {
  readonly name: string;
  readonly description: string;
}

/** The errors of a template's name and description that need no server; the server checks lengths too. */
export function templateMetaErrors(meta: TemplateMeta): FieldErrors {
  return meta.name.trim() === '' ? { name: TEMPLATE_MESSAGES.nameMissing } : {};
}

/** A template of the organisation with a new name and description; its content stays. */
export const renamedTemplate = (template: SurveyTemplate, meta: TemplateMeta): SurveyTemplateInput => ({
  name: meta.name.trim(),
  description: meta.description.trim(),
  title: template.title,
  description_html: template.description_html,
  introduction_html: template.introduction_html,
  thank_you_text: template.thank_you_text,
  questions: template.questions,
  logic: template.logic,
  languages: template.languages,
  translations: template.translations,
});

/** The editor's content as a new template ('Opslaan als sjabloon'); templates have no close date. */
export const templateFromDraft = (
  draft: SurveyInput,
  meta: TemplateMeta,
  /** Where the languages come from: the draft itself, or the editor's draft beside its checked content. */
  own: Pick<SurveyInput, 'languages' | 'translations'> = draft,
): SurveyTemplateInput => ({
  name: meta.name.trim(),
  description: meta.description.trim(),
  title: draft.title,
  description_html: draft.description_html,
  introduction_html: draft.introduction_html,
  thank_you_text: draft.thank_you_text,
  questions: draft.questions,
  ...(draft.logic === undefined ? {} : { logic: draft.logic }),
  // The languages go along, so a survey made from the template is translated too (R-SURV-27).
  ...(own.languages === undefined || own.languages.length === 0
    ? {}
    : { languages: own.languages, translations: own.translations ?? {} }),
});

/** The Dutch texts of the rich-text editor's link form. */
export const LINK_MESSAGES = {
  missing: 'Vul een linkadres in.',
  invalid: 'Gebruik een webadres (https://…) of een e-mailadres (mailto:…).',
} as const;

const ALLOWED_LINK = /^(https?:\/\/[^\s/?#]+\.[^\s]*|https?:\/\/localhost[^\s]*|mailto:[^\s@]+@[^\s@]+)$/i;
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}([/?#]\S*)?$/i;
const BARE_EMAIL = /^[^\s@:/]+@[^\s@:/]+\.[a-z]{2,}$/i;

/** Whether a link may stay in survey rich text: web addresses and e-mail only (never javascript: or data:). */
export const isAllowedSurveyLink = (href: string): boolean => ALLOWED_LINK.test(href.trim());

/**
 * A link as typed in the editor's link form, made whole: 'www.loop.nl' becomes
 * 'https://www.loop.nl', 'info@loop.nl' becomes 'mailto:info@loop.nl'; anything but a web or
 * e-mail address is refused with a Dutch message.
 */
export function surveyLinkFrom(input: string): { ok: true; href: string } | { ok: false; message: string } {
  const text = input.trim();
  if (text === '') return { ok: false, message: LINK_MESSAGES.missing };
  if (isAllowedSurveyLink(text)) return { ok: true, href: text };
  if (BARE_EMAIL.test(text)) return { ok: true, href: `mailto:${text}` };
  if (BARE_DOMAIN.test(text)) return { ok: true, href: `https://${text}` };
  return { ok: false, message: LINK_MESSAGES.invalid };
}

/** 'Lege survey': a draft to start from; the editor opens on it at once, so the title is a placeholder. */
export const BLANK_SURVEY: SurveyInput = {
  title: 'Naamloze survey',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt voor het invullen!',
  close_at: null,
  questions: [],
};

/** '1 vraag', '3 vragen'. */
export const questionCountText = (count: number): string => (count === 1 ? '1 vraag' : `${count} vragen`);
