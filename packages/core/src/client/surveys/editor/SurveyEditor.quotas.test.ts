import { beforeEach, describe, expect, it } from 'vitest';
import { apiOk } from '../../../domain/api';
import type { Question, Survey } from '../../../domain/contract';
import { QUOTAS_MAX } from '../../../domain/surveys/logic';
import { withValue } from './logicEdits';
import {
  editor,
  gateway,
  loaded,
  nps,
  resetEditorFakes,
  SURVEY,
  state,
  timer,
} from './SurveyEditor.fixtures';
import { AUTOSAVE_DELAY_MS } from './surveyEditorState';
import { quotaViews } from './surveyQuotaCommands';

const department: Question = {
  id: 'q-dep',
  type: 'single_choice',
  title: 'Afdeling',
  required: true,
  position: 0,
  settings: {
    options: [
      { id: 'o-sales', label: 'Verkoop' },
      { id: 'o-support', label: 'Support' },
    ],
    allow_other: false,
  },
};
const WITH_CHOICE: Survey = { ...SURVEY, questions: [department, { ...nps, position: 1 }] };

beforeEach(() => {
  resetEditorFakes();
  gateway.getAnswers = [apiOk(WITH_CHOICE)];
});

const lastBody = () => gateway.saves.at(-1)?.body;
const quotas = () => state().draft?.quotas ?? [];

describe('SurveyEditor quotas', () => {
  it('should hold the cap in the draft and send it with the next autosave', async () => {
    await loaded();
    expect(state().draft?.max_responses).toBeNull();
    editor.quotas.setMaxResponses(200);
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()).toMatchObject({ max_responses: 200, quotas: [] });
  });

  it('should add a quota on the first choice question and edit its name, max, text and condition', async () => {
    await loaded();
    const id = editor.quotas.addQuota() as string;
    expect(quotas()[0]).toMatchObject({
      id,
      name: 'Quotum 1',
      max: 50,
      when: { match: 'all', conditions: [{ source: 'question', question_id: 'q-dep' }] },
    });
    editor.quotas.setName(id, 'Verkoop');
    editor.quotas.setMax(id, 37);
    editor.quotas.setEndScreenText(id, 'Genoeg van Verkoop.');
    const condition = quotas()[0]?.when.conditions[0];
    if (condition === undefined) throw new Error('no condition');
    editor.quotas.updateCondition(id, 0, withValue(condition, 'o-sales'));
    editor.quotas.addCondition(id, 'language');
    editor.quotas.setMatch(id, 'any');
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.quotas).toEqual([
      {
        id,
        name: 'Verkoop',
        max: 37,
        end_screen_text: 'Genoeg van Verkoop.',
        when: {
          match: 'any',
          conditions: [
            { source: 'question', question_id: 'q-dep', operator: 'equals', value: 'o-sales' },
            { source: 'language', operator: 'equals', value: 'nl' },
          ],
        },
      },
    ]);
    editor.quotas.removeCondition(id, 1);
    editor.quotas.removeQuota(id);
    expect(quotas()).toEqual([]);
  });

  it('should name a condition on a deleted question as a problem of its quota', async () => {
    await loaded();
    const id = editor.quotas.addQuota() as string;
    editor.updateQuestions((questions) => questions.filter((question) => question.id !== 'q-dep'));
    const draft = state().draft;
    if (draft === null) throw new Error('no draft');
    const [view] = quotaViews(draft);
    expect(view?.quota.id).toBe(id);
    expect(view?.problems[0]?.message).toMatch(/^Quotum 'Quotum 1'/);
  });

  it('should stop at the quota limit', async () => {
    await loaded();
    for (let i = 0; i < QUOTAS_MAX; i++) expect(editor.quotas.addQuota()).not.toBeNull();
    expect(editor.quotas.addQuota()).toBeNull();
  });
});
