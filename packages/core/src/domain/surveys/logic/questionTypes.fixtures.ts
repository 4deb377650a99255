import type { Question, QuestionOf } from '../../contract';
import { QUESTIONS } from './logic.fixtures';

/** A section intro without an answer (R-SURV-23). */
export const TEXT_BLOCK: QuestionOf<'text_block'> = {
  id: 'q-intro',
  type: 'text_block',
  title: 'Over je werkplek',
  description: 'De volgende vragen gaan over je werkplek.',
  required: false,
  position: 0,
  settings: {},
};

/** 'Afdeling', then the text block, then the other questions. */
export const WITH_INTRO: readonly Question[] = [
  QUESTIONS[0] as Question,
  TEXT_BLOCK,
  ...QUESTIONS.slice(1),
].map((question, position) => ({ ...question, position }));
