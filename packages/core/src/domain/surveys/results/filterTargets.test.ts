import { describe, expect, it } from 'vitest';
import { NO_LOGIC } from '../../contract';
import { conditionOf, crosstabTargets, filterTargets, typedValues } from './filterTargets';
import { likert, nps, open, single } from './resultsView.fixtures';

const survey = {
  questions: [likert(), nps, single, open],
  logic: { ...NO_LOGIC, hidden_fields: ['bron'] },
  anonymous: false,
};

describe('filterTargets', () => {
  it('should offer choices, scores, Likert statements, hidden fields, language and the contact', () => {
    expect(filterTargets(survey).map((target) => target.label)).toEqual([
      'Hoe ervaar je je werk?: Ik heb plezier in mijn werk',
      'Hoe ervaar je je werk?: Ik krijg genoeg steun',
      'Zou je ons aanbevelen?',
      'Welke afdeling?',
      'Verborgen veld: bron',
      'Taal',
      'Contactkenmerk',
      'Segment',
    ]);
  });

  it('should offer no contact targets for an anonymous survey, nor in a cross-tab', () => {
    const kinds = (targets: ReturnType<typeof filterTargets>) => targets.map((target) => target.kind);
    expect(kinds(filterTargets({ ...survey, anonymous: true }))).not.toContain('segment');
    expect(kinds(crosstabTargets(survey))).not.toContain('contact_attribute');
  });

  it('should make a condition of what was picked, or null while nothing is', () => {
    const [statement, , npsTarget, choice, hidden, language, attribute, segment] = filterTargets(survey);
    expect(conditionOf(choice!, { values: ['a'] })).toEqual({
      source: 'question',
      question_id: 'q-single',
      operator: 'one_of',
      values: ['a'],
    });
    expect(conditionOf(choice!, {})).toBeNull();
    expect(conditionOf(npsTarget!, { min: '9' })).toEqual({
      source: 'question',
      question_id: 'q-nps',
      operator: 'between',
      min: 9,
      max: 10,
    });
    expect(conditionOf(npsTarget!, { min: '9', max: '3' })).toBeNull();
    expect(conditionOf(statement!, { min: '4', max: '5' })).toMatchObject({
      statement_id: 's1',
      min: 4,
      max: 5,
    });
    expect(conditionOf(hidden!, { text: ' mail, qr ,mail' })).toEqual({
      source: 'hidden_field',
      name: 'bron',
      operator: 'one_of',
      values: ['mail', 'qr'],
    });
    expect(conditionOf(language!, { values: ['nl'] })).toEqual({
      source: 'language',
      operator: 'one_of',
      values: ['nl'],
    });
    expect(conditionOf(attribute!, { name: 'Afdeling', text: 'Verkoop' })).toEqual({
      source: 'contact_attribute',
      name: 'Afdeling',
      values: ['Verkoop'],
    });
    expect(conditionOf(attribute!, { name: ' ', text: 'Verkoop' })).toBeNull();
    expect(conditionOf(segment!, { segmentId: 4 })).toEqual({ source: 'segment', segment_id: 4 });
    expect(typedValues(',,')).toEqual([]);
  });
});
