import type { Question, Survey } from '@loop/core';
import type { SurveyLogic } from '@loop/core/surveys/logic';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeenRequest } from '../../testing/fakeApi';
import { choose, click, unmountAll } from '../../testing/render';
import { byLabel, card, nps, openEditor, puts, stubRangeLayout, survey } from './SurveyEditorScreen.fixtures';

afterEach(unmountAll);

stubRangeLayout();

// R-SURV-29: the editor's condition on a ranking option's place, said as one Dutch sentence.

const priorities: Question = {
  id: 'q-prio',
  type: 'ranking',
  title: 'Wat is het belangrijkst?',
  required: true,
  position: 0,
  settings: {
    options: [
      { id: 'prijs', label: 'Prijs' },
      { id: 'service', label: 'Service' },
      { id: 'snelheid', label: 'Snelheid' },
    ],
  },
};
const EMPTY: SurveyLogic = { rules: [], end_screens: [], hidden_fields: [] };
const withRanking = (): Survey => survey({ questions: [priorities, { ...nps, position: 1 }], logic: EMPTY });

const lastLogic = (app: { api: { seen: SeenRequest[] } }) =>
  (puts(app).at(-1)?.body as { logic?: SurveyLogic } | undefined)?.logic;
const sentences = (root: ParentNode) =>
  [...root.querySelectorAll('.logic-sentence')].map((p) => p.textContent?.replace(/^Regel \d+: /, ''));
const options = (select: HTMLElement) =>
  [...(select as unknown as HTMLSelectElement).options].map((o) => o.text);

describe('SurveyEditorScreen logic: a ranking option’s place', () => {
  it("should offer an option's place, with place wording, say it in Dutch and save it", async () => {
    const { app, container, autosave } = await openEditor(withRanking());
    const second = card(container, 2);
    await click(
      [...second.querySelectorAll('button')].find((b) => b.textContent?.startsWith('+ Tonen als…')) ?? null,
    );
    // It starts on the option ranked first: 'is' its first option.
    expect(sentences(second)).toEqual(["Toon als 'Wat is het belangrijkst?' is 'Prijs'"]);
    const option = byLabel(second, 'Optie');
    expect(options(option)).toEqual([
      'Wat op plaats 1 staat',
      'Plaats van Prijs',
      'Plaats van Service',
      'Plaats van Snelheid',
    ]);

    await choose(option, 'service');
    expect(sentences(second)).toEqual([
      "Toon als 'Service' staat op plaats 1 bij 'Wat is het belangrijkst?'",
    ]);
    expect(options(byLabel(second, 'Vergelijking'))).toEqual([
      'staat op plaats',
      'staat niet op plaats',
      'staat op een van de plaatsen',
      'staat op geen van de plaatsen',
      'staat na plaats',
      'staat vóór plaats',
      'staat op plaats … tot en met',
      'beantwoord',
      'niet beantwoord',
    ]);
    await choose(byLabel(second, 'Vergelijking'), 'between');
    expect(options(byLabel(second, 'Tot en met'))).toEqual(['Plaats 1', 'Plaats 2', 'Plaats 3']);
    await choose(byLabel(second, 'Tot en met'), '2');
    expect(sentences(second)).toEqual([
      "Toon als 'Service' staat op plaats 1–2 bij 'Wat is het belangrijkst?'",
    ]);

    await autosave.fire();
    expect(lastLogic(app)?.rules[0]?.when.conditions).toEqual([
      {
        source: 'question',
        question_id: 'q-prio',
        option_id: 'service',
        operator: 'between',
        min: 1,
        max: 2,
      },
    ]);

    // Back to the option ranked first: 'is' an option again.
    await choose(byLabel(second, 'Optie'), '');
    expect(sentences(second)).toEqual(["Toon als 'Wat is het belangrijkst?' is 'Prijs'"]);
  });
});
