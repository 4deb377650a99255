/**
 * One thing to fill in before a survey can open for answers (`openingProblems` in
 * `surveys/model/surveyReadiness.ts`): the survey's title, or one incomplete question with all it lacks.
 */
export interface OpeningProblem {
  /** The question to fix; null for the survey itself (its title). */
  readonly question_id: string | null;
  /** The question's number as the editor shows it (1 = the first); null for the survey itself. */
  readonly question_number: number | null;
  /**
   * What is missing: survey_title_missing, question_title_missing, label_missing,
   * statements_missing, statement_missing, statement_duplicate, options_too_few, option_missing,
   * option_duplicate, min_choices_invalid, max_choices_invalid.
   */
  readonly codes: readonly string[];
  /** The fields to fill in, keyed as the editor's fields: `title`, `settings.options.1`. */
  readonly fields: readonly string[];
  /** What to do, in Dutch, without the question's name: "voeg minstens twee keuzes toe". */
  readonly reason: string;
  /** Dutch, naming the question: "Vraag 4 ('Afdeling'): voeg minstens twee keuzes toe". */
  readonly message: string;
}

/** 409 of POST /surveys/:id/status when the content is not complete enough to open. */
export interface SurveyNotReadyBody {
  readonly detail: string;
  /** Per question (`questions.<id>`) or for the title (`title`): its item's message. */
  readonly fields: Readonly<Record<string, string>>;
  readonly problems: readonly OpeningProblem[];
}
