/**
 * The `@loop/server/testing` entry: the test support that code outside the server uses too (bench/):
 * the SMTP sink, a fake OpenAI-compatible model (the cluster tests) and the survey of every question
 * type with its answers.
 */
export { everyTypeAnswers, everyTypeQuestions } from './everyTypeQuestions';
export { startFakeOpenAi } from './fakeOpenAi';
export type { SinkDelivery, SinkRefusal, SmtpSink } from './smtpSink';
export { startSmtpSink } from './smtpSink';
