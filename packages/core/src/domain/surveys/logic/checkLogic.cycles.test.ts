import { describe, expect, it } from 'vitest';
import { checkLogic } from './checkLogic';
import { jump, logicOf, on, QUESTIONS, show } from './logic.fixtures';
import type { SurveyLogic } from './logicTypes';

const answered = (id: string) => on(id, { operator: 'answered' });
const found = (logic: SurveyLogic) =>
  checkLogic(QUESTIONS, logic).map((problem) => [problem.code, problem.question_id, problem.message]);

describe('checkLogic: cycles', () => {
  it('should find a cycle through several jumps, besides the jump backwards that closes it', () => {
    const logic = logicOf(
      jump('q_dept', 'q_work', answered('q_dept')),
      jump('q_work', 'q_sat', answered('q_work')),
      jump('q_sat', 'q_dept', answered('q_sat')),
    );
    expect(found(logic)).toEqual([
      [
        'jump_backward',
        'q_sat',
        "Vraag 5 ('Hoe tevreden ben je?'): een sprong gaat terug naar Vraag 1 ('Afdeling'). Een sprong kan alleen naar een latere vraag.",
      ],
      [
        'cycle',
        'q_dept',
        "De regels draaien in een kring: Vraag 1 ('Afdeling') → Vraag 3 ('Werkplek') → Vraag 5 ('Hoe tevreden ben je?') → Vraag 1 ('Afdeling').",
      ],
    ]);
  });

  it('should find a cycle of questions that depend on each other', () => {
    const logic = logicOf(show('q_nps', answered('q_sat')), show('q_sat', answered('q_nps')));
    expect(found(logic).map(([code]) => code)).toEqual(['condition_later', 'cycle']);
    expect(found(logic)[1]?.[2]).toBe(
      "De regels draaien in een kring: Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?') → Vraag 5 ('Hoe tevreden ben je?') → Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?').",
    );
  });

  it('should find a cycle of a jump and a condition', () => {
    const logic = logicOf(jump('q_tools', 'q_nps', answered('q_tools')), show('q_tools', answered('q_nps')));
    expect(found(logic).at(-1)).toEqual([
      'cycle',
      'q_tools',
      "De regels draaien in een kring: Vraag 2 ('Welke tools gebruik je?') → Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?') → Vraag 2 ('Welke tools gebruik je?').",
    ]);
  });

  it('should name each cycle once, the first in survey order first', () => {
    const logic = logicOf(
      jump('q_why', 'q_last', answered('q_why')),
      jump('q_last', 'q_why', answered('q_last')),
      jump('q_dept', 'q_tools', answered('q_dept')),
      jump('q_tools', 'q_dept', answered('q_tools')),
    );
    const cycles = checkLogic(QUESTIONS, logic).filter((problem) => problem.code === 'cycle');
    expect(cycles.map((problem) => problem.question_id)).toEqual(['q_dept', 'q_why']);
  });

  it('should take a long chain forward as no cycle, and a jump to itself as its own problem only', () => {
    const chain = logicOf(
      jump('q_dept', 'q_tools', answered('q_dept')),
      jump('q_tools', 'q_work', answered('q_tools')),
      show('q_nps', answered('q_work')),
      jump('q_nps', 'q_last', answered('q_work')),
    );
    expect(found(chain)).toEqual([]);
    expect(found(logicOf(jump('q_nps', 'q_nps', answered('q_nps')))).map(([code]) => code)).toEqual([
      'jump_self',
    ]);
  });
});
