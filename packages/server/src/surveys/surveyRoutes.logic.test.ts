import {
  NO_LOGIC,
  type Survey,
  type SurveyLogic,
  type SurveyNotReadyBody,
  type SurveyTemplate,
} from '@loop/core';
import { checkLogic, LOGIC_INPUT_MESSAGES, LOGIC_MESSAGES } from '@loop/core/surveys/logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyTypeLogic, onPathAnswers } from '../testing/logicTesting';
import { call, createSurvey, everyTypeQuestions, personalLinks, respond } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization, surveySnapshot } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';

/** Survey logic on the surveys API (issue 26): stored, checked, copied, locked. */
let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Logica BV');
});

afterAll(async () => {
  await ctx?.close();
});

const put = (survey: Survey, changes: Record<string, unknown>) =>
  call(ctx, org, 'PUT', `/surveys/${survey.id}`, {
    title: survey.title,
    description_html: survey.description_html,
    introduction_html: survey.introduction_html,
    thank_you_text: survey.thank_you_text,
    close_at: survey.close_at,
    questions: survey.questions,
    version: survey.version,
    ...changes,
  });

/** The question ids a rule refers to. */
const referencedIds = (logic: SurveyLogic): string[] =>
  logic.rules.flatMap((rule) => [
    rule.action === 'jump' ? rule.from_question_id : rule.question_id,
    ...rule.when.conditions.flatMap((condition) =>
      condition.source === 'question' ? [condition.question_id] : [],
    ),
  ]);

describe('survey logic on the surveys API', () => {
  it('should store logic on create and return it, keep it on a save without it, and have none without', async () => {
    const survey = await createSurvey(ctx, org, { logic: everyTypeLogic() }, { open: false });
    expect(survey.logic).toEqual(everyTypeLogic());
    const read = await call(ctx, org, 'GET', `/surveys/${survey.id}`);
    expect(read.json<Survey>().logic).toEqual(everyTypeLogic());

    const kept = await put(survey, { title: 'Andere titel' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Survey>().logic).toEqual(everyTypeLogic());
    const cleared = await put(kept.json<Survey>(), { logic: NO_LOGIC });
    expect(cleared.json<Survey>().logic).toEqual(NO_LOGIC);

    const plain = await createSurvey(ctx, org, {}, { open: false });
    expect(plain.logic).toEqual(NO_LOGIC);
  });

  it('should refuse logic of a bad shape with a Dutch detail under its field and store nothing', async () => {
    const before = await surveySnapshot(ctx);
    const create = (logic: unknown) =>
      call(ctx, org, 'POST', '/surveys', { title: 'Fout', questions: everyTypeQuestions(), logic });

    const badName = await create({ ...NO_LOGIC, hidden_fields: ['Afdeling!'] });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields).toHaveProperty(['logic.hidden_fields.0']);
    expect(badName.json().detail).toContain('logic.hidden_fields.0');

    const [rule] = everyTypeLogic().rules;
    const { to: _to, ...noTarget } = everyTypeLogic().rules[2] as { to: unknown };
    const noTargetJump = await create({ ...NO_LOGIC, rules: [noTarget] });
    expect(noTargetJump.statusCode).toBe(400);
    expect(noTargetJump.json()).toEqual({
      detail: LOGIC_INPUT_MESSAGES.targetInvalid,
      fields: { 'logic.rules.0.to': LOGIC_INPUT_MESSAGES.targetInvalid },
    });

    const many = {
      ...rule,
      when: { match: 'all', conditions: new Array(501).fill(rule?.when.conditions[0]) },
    };
    const tooMany = await create({ ...NO_LOGIC, rules: [many, { ...many, id: 'r-2' }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      detail: LOGIC_INPUT_MESSAGES.tooManyConditions,
      fields: { 'logic.rules': LOGIC_INPUT_MESSAGES.tooManyConditions },
    });

    const longEnd = await create({ ...NO_LOGIC, end_screens: [{ id: 'e-1', text: 'x'.repeat(2001) }] });
    expect(longEnd.statusCode).toBe(400);
    expect(longEnd.json().fields).toHaveProperty(['logic.end_screens.0.text']);
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should copy the logic to a duplicate and through a template under the new question ids', async () => {
    const source = await createSurvey(ctx, org, { logic: everyTypeLogic() }, { open: false });
    const duplicate = await call(ctx, org, 'POST', `/surveys/${source.id}/duplicate`);
    expect(duplicate.statusCode).toBe(201);
    const copy = duplicate.json<Survey>();
    const ids = new Set(copy.questions.map((question) => question.id));
    expect(referencedIds(copy.logic).every((id) => ids.has(id))).toBe(true);
    expect(copy.logic.end_screens).toEqual(everyTypeLogic().end_screens);
    expect(copy.logic.hidden_fields).toEqual(everyTypeLogic().hidden_fields);
    expect(checkLogic(copy.questions, copy.logic)).toEqual([]);

    const saved = await call(ctx, org, 'POST', '/survey-templates', {
      name: 'Met logica',
      description: '',
      title: source.title,
      description_html: source.description_html,
      introduction_html: source.introduction_html,
      thank_you_text: source.thank_you_text,
      questions: source.questions,
      logic: source.logic,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const template = saved.json<SurveyTemplate>();
    expect(template.logic).toEqual(everyTypeLogic());
    const fromTemplate = await call(ctx, org, 'POST', '/surveys', { template_id: template.id });
    expect(fromTemplate.statusCode).toBe(201);
    const made = fromTemplate.json<Survey>();
    expect(made.questions.map((question) => question.id)).not.toContain('q-single');
    expect(checkLogic(made.questions, made.logic)).toEqual([]);
    expect(made.logic.rules).toHaveLength(4);

    const templates = (await call(ctx, org, 'GET', '/survey-templates')).json<SurveyTemplate[]>();
    for (const builtIn of templates.filter((item) => item.built_in)) expect(builtIn.logic).toEqual(NO_LOGIC);
  });

  it('should save a draft whose logic lost its question or choice, and refuse to open it naming each', async () => {
    const questions = everyTypeQuestions()
      .filter((question) => question.id !== 'q-multi')
      .map((question) =>
        question.id === 'q-single' && question.type === 'single_choice'
          ? { ...question, settings: { ...question.settings, options: question.settings.options.slice(1) } }
          : question,
      );
    const draft = await createSurvey(ctx, org, { logic: everyTypeLogic(), questions }, { open: false });
    const opening = await call(ctx, org, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opening.statusCode).toBe(409);
    const body = opening.json<SurveyNotReadyBody & { detail: string; fields: Record<string, string> }>();
    expect(
      body.problems.map((problem) => [problem.question_number, problem.codes[0], problem.fields[0]]),
    ).toEqual([
      [3, 'choice_missing', 'logic.rules.r-kantoor'],
      [null, 'rule_question_missing', 'logic.rules.r-tablet'],
    ]);
    expect(body.problems[0]?.message).toBe(
      LOGIC_MESSAGES.choiceMissing("Vraag 3 ('Je afdeling?')", "Vraag 2 ('Waar werk je meestal?')").slice(
        0,
        -1,
      ),
    );
    expect(body.fields['logic.rules.r-kantoor']).toBe(body.problems[0]?.message);
    expect(body.detail).toContain(body.problems[0]?.message);
    const stored = await call(ctx, org, 'GET', `/surveys/${draft.id}`);
    expect(stored.json<Survey>()).toMatchObject({ status: 'draft', logic: everyTypeLogic() });
  });

  it('should refuse a save that leaves an open survey with logic problems, as its other checks do', async () => {
    const open = await createSurvey(ctx, org, { logic: everyTypeLogic() });
    const withoutSingle = open.questions.filter((question) => question.id !== 'q-single');
    const refused = await put(open, { questions: withoutSingle });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual([
      'logic.rules.r-kantoor',
      'logic.rules.r-thuis',
    ]);
    expect(refused.json().detail).toContain('een voorwaarde gaat over een vraag die niet meer bestaat');
  });

  it('should lock the rules, the hidden fields and the set of end screens once the survey has answers', async () => {
    const open = await createSurvey(ctx, org, { logic: everyTypeLogic() });
    const [token] = await personalLinks(ctx, org, open.id, 1);
    const submitted = await respond(ctx, token as string, { answers: onPathAnswers(), final: true });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const logic = everyTypeLogic();
    const locked = { detail: LOGIC_MESSAGES.locked };
    const otherRules = await put(open, { logic: { ...logic, rules: logic.rules.slice(1) } });
    expect(otherRules.statusCode).toBe(409);
    expect(otherRules.json()).toEqual({ ...locked, fields: { 'logic.rules': LOGIC_MESSAGES.locked } });
    const otherFields = await put(open, { logic: { ...logic, hidden_fields: ['afdeling'] } });
    expect(otherFields.json()).toEqual({
      ...locked,
      fields: { 'logic.hidden_fields': LOGIC_MESSAGES.locked },
    });
    const extraScreen = { id: 'e-extra', text: 'Nog een einde' };
    const added = await put(open, { logic: { ...logic, end_screens: [...logic.end_screens, extraScreen] } });
    expect(added.json()).toEqual({ ...locked, fields: { 'logic.end_screens': LOGIC_MESSAGES.locked } });

    const texts = await put(open, {
      logic: {
        ...logic,
        end_screens: [{ id: 'e-klaar', text: 'Bedankt!', redirect_url: 'https://loop.example.nl/' }],
      },
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json<Survey>().logic.end_screens).toEqual([
      { id: 'e-klaar', text: 'Bedankt!', redirect_url: 'https://loop.example.nl/' },
    ]);
    const untouched = await put(texts.json<Survey>(), { title: 'Nieuwe titel' });
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json<Survey>().logic.rules).toEqual(logic.rules);
  });
});
