import type { AnswerInput, Question } from '@loop/core';
/** One question of every type; the Likert and NPS questions are required. */
export declare const everyTypeQuestions: () => Question[];
/** A full, valid set of answers to `everyTypeQuestions`. */
export declare const everyTypeAnswers: () => AnswerInput[];
