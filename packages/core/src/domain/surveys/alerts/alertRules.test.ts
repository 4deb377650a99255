import { describe, expect, it } from 'vitest';
import type { Question, SurveyLogic } from '../../contract';
import { alertText, digestText } from './alertMessages';
import {
  ALERT_RULE_MESSAGES,
  alertMatcher,
  alertRespondent,
  checkAlertRulesInput,
  checkMemberAlertInput,
  receivesAlerts,
} from './alertRules';
import type { AlertRule } from './alertTypes';
import { digestWindow } from './digestDay';

const questions: Question[] = [
  { id: 'q-nps', type: 'nps', title: 'Aanbevelen?', required: true, position: 0, settings: {} },
  {
    id: 'q-open',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 1,
    settings: { max_length: 2000 },
  },
] as Question[];
const logic: SurveyLogic = { rules: [], end_screens: [], hidden_fields: [] };

const criticaster: AlertRule = {
  id: 'critic',
  name: 'Criticaster',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-nps', operator: 'between', min: 0, max: 6 }],
  },
};
const anyText: AlertRule = {
  id: 'text',
  name: 'Open antwoord',
  when: { match: 'all', conditions: [{ source: 'question', question_id: 'q-open', operator: 'answered' }] },
};

describe('a member alert choice (R-ALERT-1)', () => {
  it('should take a known mode with a yes or no for condition alerts, and refuse anything else in Dutch', () => {
    expect(checkMemberAlertInput({ mode: 'digest', conditions: true, extra: 1 })).toEqual({
      ok: true,
      value: { mode: 'digest', conditions: true },
    });
    expect(checkMemberAlertInput({ mode: 'weekly', conditions: 'yes' })).toEqual({
      ok: false,
      fields: { mode: ALERT_RULE_MESSAGES.modeInvalid, conditions: ALERT_RULE_MESSAGES.conditionsInvalid },
    });
    expect(receivesAlerts({ mode: 'none', conditions: false })).toBe(false);
    expect(receivesAlerts({ mode: 'none', conditions: true })).toBe(true);
  });
});

describe('condition alerts (R-ALERT-2)', () => {
  it('should check the rules with the logic input rules and name the field of each problem', () => {
    expect(checkAlertRulesInput({ rules: [criticaster, anyText] }, questions)).toEqual({
      ok: true,
      value: [criticaster, anyText],
    });
    const checked = checkAlertRulesInput(
      {
        rules: [
          { ...criticaster, name: ' ' },
          { ...criticaster, when: { match: 'all', conditions: [] } },
          {
            ...anyText,
            when: {
              match: 'all',
              conditions: [{ source: 'question', question_id: 'gone', operator: 'answered' }],
            },
          },
        ],
      },
      questions,
    );
    expect(checked).toEqual({
      ok: false,
      fields: {
        'rules.0.name': ALERT_RULE_MESSAGES.nameInvalid,
        'rules.1.id': ALERT_RULE_MESSAGES.idDuplicate,
        'rules.1.when': ALERT_RULE_MESSAGES.noConditions,
        'rules.2.when.conditions.0.question_id': ALERT_RULE_MESSAGES.unknownQuestion,
      },
    });
    expect(checkAlertRulesInput({ rules: 'x' }, questions)).toEqual({
      ok: false,
      fields: { rules: ALERT_RULE_MESSAGES.rulesUnreadable },
    });
  });

  it("should match an NPS of 6 or lower as 'Criticaster' and any open answer, with the logic's evaluator", () => {
    const match = alertMatcher(questions, logic, [criticaster, anyText]);
    const names = (answers: Array<[string, unknown]>) =>
      match(new Map(answers) as never).map((rule) => rule.name);
    expect(names([['q-nps', { score: 6 }]])).toEqual(['Criticaster']);
    expect(names([['q-nps', { score: 7 }]])).toEqual([]);
    expect(
      names([
        ['q-nps', { score: 0 }],
        ['q-open', { text: 'Te traag' }],
      ]),
    ).toEqual(['Criticaster', 'Open antwoord']);
    expect(
      names([
        ['q-nps', { score: 9 }],
        ['q-open', { text: '   ' }],
      ]),
    ).toEqual([]);
    expect(alertMatcher(questions, logic, [])(new Map())).toEqual([]);
  });

  it('should read a question its path hid as unanswered', () => {
    const hidden: SurveyLogic = {
      ...logic,
      rules: [
        {
          id: 'hide',
          action: 'hide',
          question_id: 'q-open',
          when: {
            match: 'all',
            conditions: [{ source: 'question', question_id: 'q-nps', operator: 'greater', value: 8 }],
          },
        },
      ],
    };
    const match = alertMatcher(questions, hidden, [anyText]);
    expect(
      match(
        new Map([
          ['q-nps', { score: 9 }],
          ['q-open', { text: 'Top' }],
        ]) as never,
      ),
    ).toEqual([]);
    expect(
      match(
        new Map([
          ['q-nps', { score: 5 }],
          ['q-open', { text: 'Slecht' }],
        ]) as never,
      ),
    ).toEqual([anyText]);
  });
});

describe('anonymity in alerts (R-ALERT-3)', () => {
  it('should never name the respondent of an anonymous survey', () => {
    const who = { name: 'Jan Jansen', email: 'jan@example.nl', label: 'Jan' };
    expect(alertRespondent(true, who)).toBeNull();
    expect(alertRespondent(false, who)).toBe('Jan Jansen <jan@example.nl>');
    expect(alertRespondent(false, { label: 'Afdeling Zuid' })).toBe('Afdeling Zuid');
    expect(alertRespondent(false, {})).toBeNull();
  });

  it("should write the alert in Dutch with the matched alert, the answers and no one's name when anonymous", () => {
    const facts = {
      surveyTitle: 'Klantpeiling',
      ordinal: 12,
      respondent: null,
      anonymous: true,
      matched: ['Criticaster'],
      answers: [
        { question: 'Aanbevelen?', answer: '3' },
        { question: 'Wat kan beter?', answer: null },
      ],
      resultsUrl: 'https://loop.test/survey/4',
    };
    const text = alertText(facts);
    expect(text.subject).toBe("Melding 'Criticaster': nieuwe reactie op 'Klantpeiling'");
    expect(text.text).toContain("Er is een nieuwe reactie op 'Klantpeiling' (Reactie 12).");
    expect(text.text).toContain('- Aanbevelen?: 3\n- Wat kan beter?: (geen antwoord)');
    expect(text.text).toContain('anoniem');
    expect(text.text).not.toContain('Van:');
    const named = alertText({ ...facts, anonymous: false, respondent: 'Jan <jan@example.nl>', matched: [] });
    expect(named.subject).toBe("Nieuwe reactie op 'Klantpeiling'");
    expect(named.text).toContain('Van: Jan <jan@example.nl>');
  });
});

describe('daily digests (R-ALERT-5)', () => {
  it('should be due from 07:00 in the Netherlands, once per day, covering the day before', () => {
    // 06:59 and 07:00 in Amsterdam in winter (UTC+1).
    expect(digestWindow(new Date('2026-01-15T05:59:00Z'))).toBeNull();
    expect(digestWindow(new Date('2026-01-15T06:00:00Z'))).toEqual({
      day: '2026-01-15',
      from: Date.parse('2026-01-13T23:00:00Z'),
      to: Date.parse('2026-01-14T23:00:00Z'),
    });
    // The day the clocks go forward is 23 hours long.
    const spring = digestWindow(new Date('2026-03-30T10:00:00Z'));
    expect(spring && (spring.to - spring.from) / 3600_000).toBe(23);
  });

  it('should count the responses and matched alerts, never answers', () => {
    const text = digestText({
      surveyTitle: 'Klantpeiling',
      day: new Date('2026-01-14T12:00:00Z'),
      responses: 3,
      matched: [
        { name: 'Criticaster', count: 2 },
        { name: 'Open antwoord', count: 0 },
      ],
      resultsUrl: 'https://loop.test/survey/4',
    });
    expect(text.subject).toBe("Dagelijks overzicht van 'Klantpeiling': 3 nieuwe reacties");
    expect(text.text).toContain("'Klantpeiling' kreeg op 14 januari 2026 3 nieuwe reacties.");
    expect(text.text).toContain('- Criticaster: 2');
    expect(text.text).not.toContain('Open antwoord');
  });
});
