/**
 * Surveys, questions and answers on the wire (issue 5). A survey belongs to the organisation in
 * `X-Organization-Id`. Rich text (`*_html`) is sanitised by the server before it is stored and again
 * by the client before it is shown. The rules over these types live in `surveys/` (validation,
 * edit rules, time estimate, scoring).
 */

import type { SurveyLogic } from './surveyLogic';
import type {
  DateAnswer,
  DateSettings,
  DropdownAnswer,
  DropdownSettings,
  NumberAnswer,
  NumberSettings,
  RankingAnswer,
  RankingSettings,
  TextBlockSettings,
} from './surveyQuestionTypes';
import type { Quota } from './surveyQuotas';
import type { SurveyTranslations } from './surveyTranslations';

/** Lifecycle of a survey: draft → open → closed (reopening and going back are in `surveyStatus.ts`). */
export type SurveyStatus = 'draft' | 'open' | 'closed';

/** The kinds of question the editor offers. */
export type QuestionType =
  | 'likert'
  | 'single_choice'
  | 'multiple_choice'
  | 'open_short'
  | 'open_long'
  | 'nps'
  | 'rating'
  | 'text_block'
  | 'number'
  | 'dropdown'
  | 'date'
  | 'ranking';

/** One statement of a Likert question; several statements share the scale as a matrix. */
export interface LikertStatement {
  readonly id: string;
  readonly text: string;
}

/** One answer option of a choice question. */
export interface ChoiceOption {
  readonly id: string;
  readonly label: string;
}

/** Likert: 5 or 7 points, one label per point; `neutral_middle` makes the middle point 'neutraal'. */
export interface LikertSettings {
  readonly points: 5 | 7;
  readonly labels: readonly string[];
  readonly neutral_middle: boolean;
  readonly statements: readonly LikertStatement[];
}

/** Single choice; `allow_other` adds 'anders, namelijk' with a text field. */
export interface SingleChoiceSettings {
  readonly options: readonly ChoiceOption[];
  readonly allow_other: boolean;
}

/** Multiple choice; 'anders, namelijk' counts as one choice towards `min_choices`/`max_choices`. */
export interface MultipleChoiceSettings {
  readonly options: readonly ChoiceOption[];
  readonly allow_other: boolean;
  readonly min_choices?: number;
  readonly max_choices?: number;
}

/** Open text (short: one line, long: a text area); `max_length` in characters (UTF-16 units, as `maxlength`). */
export interface OpenTextSettings {
  readonly max_length: number;
}

/** NPS 0–10 with optional end labels (default 'Zeer onwaarschijnlijk' / 'Zeer waarschijnlijk' in the UI). */
export interface NpsSettings {
  readonly low_label?: string;
  readonly high_label?: string;
}

/** Rating 1–5, drawn as stars or as numbers. */
export interface RatingSettings {
  readonly scale: 5;
  readonly style: 'stars' | 'numbers';
}

/** What every question has, whatever its type. `id` is a stable uuid-like id made by the client. */
interface QuestionBase {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly required: boolean;
  /** 0-based order in the survey. */
  readonly position: number;
}

/** A question: `type` decides the shape of `settings` (narrow on `type`). */
export type Question =
  | (QuestionBase & { readonly type: 'likert'; readonly settings: LikertSettings })
  | (QuestionBase & { readonly type: 'single_choice'; readonly settings: SingleChoiceSettings })
  | (QuestionBase & { readonly type: 'multiple_choice'; readonly settings: MultipleChoiceSettings })
  | (QuestionBase & { readonly type: 'open_short'; readonly settings: OpenTextSettings })
  | (QuestionBase & { readonly type: 'open_long'; readonly settings: OpenTextSettings })
  | (QuestionBase & { readonly type: 'nps'; readonly settings: NpsSettings })
  | (QuestionBase & { readonly type: 'rating'; readonly settings: RatingSettings })
  | (QuestionBase & { readonly type: 'text_block'; readonly settings: TextBlockSettings })
  | (QuestionBase & { readonly type: 'number'; readonly settings: NumberSettings })
  | (QuestionBase & { readonly type: 'dropdown'; readonly settings: DropdownSettings })
  | (QuestionBase & { readonly type: 'date'; readonly settings: DateSettings })
  | (QuestionBase & { readonly type: 'ranking'; readonly settings: RankingSettings });

/** The question of one type, e.g. `QuestionOf<'likert'>`. */
export type QuestionOf<T extends QuestionType> = Extract<Question, { readonly type: T }>;

/** The settings of one question type. */
export type QuestionSettings = Question['settings'];

/**
 * Median time respondents took on one question (seconds), and how many respondents it is based on:
 * those of the survey's newest 100 submitted responses who timed it.
 */
export interface QuestionTiming {
  readonly median_seconds: number;
  readonly respondents: number;
}

/** GET /surveys/:id: the whole survey as its organisation sees it. */
export interface Survey {
  readonly id: number;
  readonly organization_id: number;
  readonly title: string;
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  readonly status: SurveyStatus;
  /** ISO 8601; from this moment the survey takes no more answers. */
  readonly close_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly published_at: string | null;
  readonly closed_at: string | null;
  /** Sorted by `position`. */
  readonly questions: readonly Question[];
  /** Show/hide and jump rules, end screens and hidden fields (`NO_LOGIC` when it has none). */
  readonly logic: SurveyLogic;
  /** The extra languages respondents may answer in (codes of `TRANSLATION_LANGUAGES`), in the owner's order. */
  readonly languages: readonly string[];
  /** Per extra language its texts (R-SURV-16); a language is offered to respondents only when complete. */
  readonly translations: SurveyTranslations;
  /** The cap on submitted responses (R-SURV-21); null: none. */
  readonly max_responses: number | null;
  /** Quotas on the submitted responses (R-SURV-22), at most QUOTAS_MAX. */
  readonly quotas: readonly Quota[];
  readonly response_count?: number;
  /** Observed times per question id, for the time estimate once there are answers. */
  readonly question_timings?: Readonly<Record<string, QuestionTiming>>;
  /** Content version for optimistic concurrency: send it back with PUT; a stale one answers 409. */
  readonly version: number;
  /** The time estimate in seconds (`estimateSeconds`). */
  readonly estimated_seconds: number;
  /**
   * Retention ('Antwoorden bewaren'): the last day (YYYY-MM-DD, Europe/Amsterdam) the answers are
   * kept as they are; after it every response is anonymised. Null: no fixed day.
   */
  readonly retention_until: string | null;
  /**
   * Retention in months (1–120) after a response was completed (or last saved); older responses are
   * anonymised. Null: not by months. At most one of `retention_until` and this is set.
   */
  readonly retention_months: number | null;
  /**
   * Anonymous: invitations keep no link to their response, so the results never show who answered
   * (PUT /surveys/:id/anonymity; fixed once the survey has invitations).
   */
  readonly anonymous: boolean;
}

/** PUT /surveys/:id/anonymity. */
export interface SurveyAnonymity {
  readonly anonymous: boolean;
}

/**
 * PUT /surveys/:id/retention: a day, a number of months or neither (both null: kept until deleted).
 * Past retention the open texts (also 'anders, namelijk') are blanked and personal links detached;
 * scores and chosen options keep counting (`surveys/retention.ts`).
 */
export interface SurveyRetention {
  readonly retention_until: string | null;
  readonly retention_months: number | null;
}

/** One row of GET /surveys. */
export interface SurveySummary {
  readonly id: number;
  readonly title: string;
  readonly status: SurveyStatus;
  readonly close_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly published_at: string | null;
  readonly closed_at: string | null;
  readonly question_count: number;
  /** Submitted responses. */
  readonly response_count: number;
  /** Personal links handed out. */
  readonly invited_count: number;
  /** Submitted personal links / personal links (0..1); null without personal links. */
  readonly response_rate: number | null;
  readonly last_response_at: string | null;
  /** The survey's own time estimate, with its observed medians: the same as GET /surveys/:id. */
  readonly estimated_seconds: number;
}

/** POST /surveys and PUT /surveys/:id: what the editor saves (status changes go separately). */
export interface SurveyInput {
  readonly title: string;
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  readonly close_at: string | null;
  readonly questions: readonly Question[];
  /** Left out: no logic on a new survey; an update keeps the stored logic. */
  readonly logic?: SurveyLogic;
  /** Left out: none on a new survey; an update keeps the stored ones. */
  readonly languages?: readonly string[];
  /** Left out: none on a new survey; an update keeps the stored ones. */
  readonly translations?: SurveyTranslations;
  /** Left out: no cap on a new survey; an update keeps the stored one. */
  readonly max_responses?: number | null;
  /** Left out: none on a new survey; an update keeps the stored ones. */
  readonly quotas?: readonly Quota[];
}

/** PUT /surveys/:id: the editor's save with the `version` it last loaded. */
export interface SurveyUpdateRequest extends SurveyInput {
  readonly version: number;
}

/** POST /surveys from a template (built-in or of the organisation): a new draft with its content. */
export interface CreateSurveyFromTemplateRequest {
  readonly template_id: number;
}

/** POST /surveys: a blank survey (the editor's fields) or a copy of a template. */
export type CreateSurveyRequest = SurveyInput | CreateSurveyFromTemplateRequest;

/** GET /survey-templates: a built-in template (`organization_id` null, read-only) or one of the organisation. */
export interface SurveyTemplate {
  readonly id: number;
  readonly organization_id: number | null;
  readonly built_in: boolean;
  readonly name: string;
  readonly description: string;
  readonly title: string;
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  /** Sorted by `position`. */
  readonly questions: readonly Question[];
  /** The logic a survey made from the template starts with. */
  readonly logic: SurveyLogic;
  /** The extra languages and translations a survey made from the template starts with (R-SURV-27). */
  readonly languages: readonly string[];
  readonly translations: SurveyTranslations;
  readonly estimated_seconds: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** POST /survey-templates and PUT /survey-templates/:id (users with `can_manage_templates`). */
export interface SurveyTemplateInput {
  readonly name: string;
  readonly description: string;
  readonly title: string;
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  readonly questions: readonly Question[];
  /** Left out: no logic. */
  readonly logic?: SurveyLogic;
  /** Left out: no extra languages (R-SURV-27). */
  readonly languages?: readonly string[];
  /** Left out: no translations; only for listed languages, checked as a survey's (R-SURV-18). */
  readonly translations?: SurveyTranslations;
}

/** POST /surveys/:id/status */
export interface SurveyStatusRequest {
  readonly status: SurveyStatus;
}

/** Likert answer: statement id → chosen point (1..points). Unanswered statements are left out. */
export type LikertAnswer = Readonly<Record<string, number>>;

/** Single-choice answer: one option, or the 'anders, namelijk' text. */
export type SingleChoiceAnswer = { readonly option_id: string } | { readonly other: string };

/** Multiple-choice answer: the chosen options, plus the 'anders, namelijk' text when ticked. */
export interface MultipleChoiceAnswer {
  readonly option_ids: readonly string[];
  readonly other?: string;
}

/** Open-text answer. */
export interface OpenTextAnswer {
  readonly text: string;
}

/** NPS (0..10) or rating (1..5) answer. */
export interface ScoreAnswer {
  readonly score: number;
}

/** The answer value per question type: the question's `type` is the discriminant. */
export interface AnswerValueByType {
  readonly likert: LikertAnswer;
  readonly single_choice: SingleChoiceAnswer;
  readonly multiple_choice: MultipleChoiceAnswer;
  readonly open_short: OpenTextAnswer;
  readonly open_long: OpenTextAnswer;
  readonly nps: ScoreAnswer;
  readonly rating: ScoreAnswer;
  /** A text block takes no answer: a value for it is refused. */
  readonly text_block: never;
  readonly number: NumberAnswer;
  readonly dropdown: DropdownAnswer;
  readonly date: DateAnswer;
  readonly ranking: RankingAnswer;
}

/** Any answer value. */
export type AnswerValue = AnswerValueByType[QuestionType];

/** One answer as a respondent sends it; a skipped question is simply left out. */
export interface AnswerInput {
  readonly question_id: string;
  readonly value: AnswerValue;
  /** Time the respondent spent on the question, for the time estimate. */
  readonly seconds_spent?: number;
}

/** POST /respond/:token: `final: false` saves progress, `final: true` submits (required answers checked). */
export interface SubmitResponseRequest {
  readonly answers: readonly AnswerInput[];
  readonly final: boolean;
  /**
   * The survey's hidden fields as the public link carried them (`?afdeling=Verkoop`); only declared
   * names count. Kept from the response's first write on; a personal link takes them from its contact.
   */
  readonly hidden_fields?: Readonly<Record<string, string>>;
  /** The language the respondent answers in (a code of `CONTACT_LANGUAGES`), for conditions on it. */
  readonly language?: string;
}

/** GET /respond/:token: what a respondent sees; no ids of the organisation, no other answers. */
export interface RespondentSurvey {
  readonly title: string;
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  readonly close_at: string | null;
  /** Sorted by `position`. */
  readonly questions: readonly Question[];
  /** The rules the page follows (the server runs the same ones on submission, R-SURV-7). */
  readonly logic: SurveyLogic;
  /**
   * Hidden field values the server already holds for this link: a personal link's from its contact's
   * attributes (none for an anonymous survey), a response saved earlier those it started with. The
   * page adds the link's query values (`?afdeling=Verkoop`) only for declared names without one here.
   * Never shown to the respondent.
   */
  readonly hidden_values: Readonly<Record<string, string>>;
  /** The language the server knows for this link (a personal link's contact, an earlier save); null: none. */
  readonly language: string | null;
  /**
   * The languages whose translation of this survey is complete, the main language among them; the
   * page offers a choice among them from two on. Absent: only the main language.
   */
  readonly languages?: readonly string[];
  /** The time estimate in seconds, shown as '± 3 minuten'. */
  readonly estimated_seconds: number;
  /** Answers saved earlier with `final: false`, so the respondent can continue. */
  readonly saved_answers: readonly AnswerInput[];
}
