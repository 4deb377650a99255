import type { ContactMapColourBy, Question, QuestionOf } from '../contract';

// Which question of a survey colours the contacts map: a rule the server applies when it answers
// GET /contacts/map?survey_id and the screens show (contactMap/ draws it).

/**
 * The question a survey colours the map by: its first NPS question (by position), the one 0–10
 * scale the editor offers; null when it has none (the map is then coloured by invitation status).
 */
export function colourQuestionOf(questions: readonly Question[]): QuestionOf<'nps'> | null {
  let first: QuestionOf<'nps'> | null = null;
  for (const question of questions)
    if (question.type === 'nps' && (first === null || question.position < first.position)) first = question;
  return first;
}

/** How a survey colours the map, and by which question: its first NPS question, or the invitations' status. */
export function colourByOf(questions: readonly Question[]): {
  readonly by: ContactMapColourBy;
  readonly question: QuestionOf<'nps'> | null;
} {
  const question = colourQuestionOf(questions);
  return { by: question === null ? 'status' : 'nps', question };
}
