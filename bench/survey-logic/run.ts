/**
 * Survey logic (issue 26): the one evaluator in core, on a survey of 200 questions whose rules hold
 * 500 conditions (show and hide rules, jumps ahead, an end screen; since R-SURV-29 every seventh
 * question a ranking whose conditions test an option's place). Times, in one process after
 * warm-up, the evaluation the answering page runs after one answer changed (the whole path from all
 * answers so far) and the server's check of a full submission (the answers keyed, the path, the
 * answers pruned to it and the path's problems), each beside a bare baseline from the same run: a
 * plain loop that reads every answer once. Budget: ≤ 1 ms median for an evaluation, ≤ 2 ms for a
 * submission check (and the p99 printed beside them).
 * Run: node_modules/.bin/tsx bench/survey-logic/run.ts
 */
import type { AnswerValue, Question } from '@loop/core';
import {
  answerMap,
  type Condition,
  checkLogic,
  compileLogic,
  type LogicRule,
  pathProblems,
  pruneAnswers,
  type SurveyLogic,
} from '@loop/core/surveys/logic';
import { prng } from '../prng';

const QUESTION_COUNT = 200;
const CONDITION_COUNT = 500;
const WARMUP = 2_000;
const RUNS = 20_000;
const rnd = prng(26);
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

function makeQuestion(i: number): Question {
  const base = { id: `q${i}`, title: `Vraag ${i + 1}`, required: i % 3 === 0, position: i };
  const options = [1, 2, 3, 4].map((n) => ({ id: `o${n}`, label: `Keuze ${n}` }));
  switch (i % 7) {
    case 0:
      return { ...base, type: 'single_choice', settings: { options, allow_other: true } };
    case 1:
      return { ...base, type: 'nps', settings: {} };
    case 2: {
      const statements = [1, 2, 3].map((n) => ({ id: `s${n}`, text: `Stelling ${n}` }));
      return {
        ...base,
        type: 'likert',
        settings: { points: 5, labels: ['1', '2', '3', '4', '5'], neutral_middle: true, statements },
      };
    }
    case 3:
      return { ...base, type: 'rating', settings: { scale: 5, style: 'stars' } };
    case 4:
      return { ...base, type: 'open_short', settings: { max_length: 200 } };
    case 5:
      return { ...base, type: 'multiple_choice', settings: { options, allow_other: false } };
    default:
      // A ranking whose conditions test an option's place (R-SURV-29).
      return { ...base, type: 'ranking', settings: { options } };
  }
}

/** A condition on question `k` that holds for some answers and not for others. */
function conditionOn(question: Question): Condition {
  const question_id = question.id;
  switch (question.type) {
    case 'single_choice':
      return { source: 'question', question_id, operator: 'one_of', values: ['o1', 'o2', '_other'] };
    case 'multiple_choice':
      return { source: 'question', question_id, operator: 'none_of', values: ['o4'] };
    case 'nps':
      return { source: 'question', question_id, operator: 'greater', value: int(2, 6) };
    case 'likert':
      return {
        source: 'question',
        question_id,
        statement_id: `s${int(1, 3)}`,
        operator: 'between',
        min: 2,
        max: 5,
      };
    case 'rating':
      return { source: 'question', question_id, operator: 'less', value: 5 };
    case 'ranking':
      return {
        source: 'question',
        question_id,
        option_id: `o${int(1, 4)}`,
        operator: 'between',
        min: 1,
        max: 2,
      };
    default:
      return { source: 'question', question_id, operator: 'contains', value: 'e' };
  }
}

const questions = Array.from({ length: QUESTION_COUNT }, (_, i) => makeQuestion(i));
const rules: LogicRule[] = [];
let conditions = 0;
let ruleNumber = 0;
while (conditions < CONDITION_COUNT - 1) {
  const target = int(5, QUESTION_COUNT - 2);
  const count = Math.min(int(1, 4), CONDITION_COUNT - 1 - conditions);
  const when = {
    match: rnd() < 0.5 ? ('all' as const) : ('any' as const),
    conditions: Array.from({ length: count }, () => conditionOn(questions[int(0, target - 1)] as Question)),
  };
  conditions += count;
  const id = `r${++ruleNumber}`;
  const kind = rnd();
  if (kind < 0.2) {
    // A jump from the target a few questions ahead; its conditions may look at the target itself.
    const to = `q${Math.min(QUESTION_COUNT - 1, target + int(2, 4))}`;
    rules.push({ id, action: 'jump', from_question_id: `q${target}`, to: { question_id: to }, when });
  } else {
    rules.push({ id, action: kind < 0.7 ? 'show' : 'hide', question_id: `q${target}`, when });
  }
}
// One way out early, near the end: most respondents do not take it.
rules.push({
  id: 'r_end',
  action: 'jump',
  from_question_id: `q${QUESTION_COUNT - 20}`,
  to: { end_screen_id: 'end' },
  when: { match: 'all', conditions: [conditionOn(questions[QUESTION_COUNT - 20] as Question)] },
});
const logic: SurveyLogic = { rules, end_screens: [{ id: 'end', text: 'Bedankt' }], hidden_fields: [] };

function answerTo(question: Question): AnswerValue {
  switch (question.type) {
    case 'single_choice':
      return { option_id: `o${int(1, 4)}` };
    case 'multiple_choice':
      return { option_ids: [`o${int(1, 4)}`, `o${int(1, 4)}`].filter((id, n, all) => all.indexOf(id) === n) };
    case 'nps':
      return { score: int(0, 10) };
    case 'likert':
      return { s1: int(1, 5), s2: int(1, 5), s3: int(1, 5) };
    case 'rating':
      return { score: int(1, 5) };
    case 'ranking': {
      const ids = ['o1', 'o2', 'o3', 'o4'];
      for (let k = ids.length - 1; k > 0; k--) {
        const j = int(0, k);
        [ids[k], ids[j]] = [ids[j] as string, ids[k] as string];
      }
      return { option_ids: ids };
    }
    default:
      return { text: rnd() < 0.5 ? 'prima werkplek' : 'goed' };
  }
}

const problems = checkLogic(questions, logic);
if (problems.length > 0) throw new Error(`the generated logic has problems: ${problems[0]?.message}`);

const list = questions.map((question) => ({ question_id: question.id, value: answerTo(question) }));
const answers = answerMap(list);

function stats(fn: () => unknown): { median: number; p99: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const times = new Float64Array(RUNS);
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    times[i] = performance.now() - t0;
  }
  times.sort();
  return { median: times[RUNS >> 1] as number, p99: times[Math.floor(RUNS * 0.99)] as number };
}

let sink = 0;
// The bare baseline: every answer read once, one field of it touched.
const baseline = stats(() => {
  for (const question of questions) if (answers.get(question.id) !== undefined) sink++;
});

const compileTimes: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  compileLogic(questions, logic);
  compileTimes.push(performance.now() - t0);
}
compileTimes.sort((a, b) => a - b);
const compiled = compileLogic(questions, logic);

// After one answer: the respondent changes one answer, the page evaluates the whole path again.
let turn = 0;
const evaluation = stats(() => {
  const question = questions[turn++ % QUESTION_COUNT] as Question;
  answers.set(question.id, answerTo(question));
  sink += compiled.evaluate(answers).visible.length;
});

const submission = stats(() => {
  const byId = answerMap(list);
  const path = compiled.evaluate(byId);
  sink += pruneAnswers(path, list).length + pathProblems(compiled, path, byId).length;
});

const path = compiled.evaluate(answerMap(list));
const ms = (value: number) => value.toFixed(4).padStart(8);
const ratio = (value: number) => `${(value / baseline.median).toFixed(1)}×`;
console.log(
  `survey: ${QUESTION_COUNT} questions, ${rules.length} rules, ${conditions + 1} conditions; ` +
    `path of the full answers: ${path.visible.length} questions, end screen ${path.end_screen ? 'reached' : 'not reached'}`,
);
console.log(`compileLogic once: median ${compileTimes[25]?.toFixed(3)} ms (of 50)`);
console.log(`runs: ${RUNS} after ${WARMUP} warm-up, ms`);
console.log('| measured | median | p99 | budget | median / baseline |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(`| baseline: read every answer once | ${ms(baseline.median)} | ${ms(baseline.p99)} | | 1.0× |`);
console.log(
  `| evaluation after one answer | ${ms(evaluation.median)} | ${ms(evaluation.p99)} | 1 | ${ratio(evaluation.median)} |`,
);
console.log(
  `| submission check (prune + problems) | ${ms(submission.median)} | ${ms(submission.p99)} | 2 | ${ratio(submission.median)} |`,
);
const within = evaluation.median <= 1 && submission.median <= 2;
console.log(within ? 'within budget' : 'OVER BUDGET');
if (sink < 0) console.log(sink);
if (!within) process.exitCode = 1;
