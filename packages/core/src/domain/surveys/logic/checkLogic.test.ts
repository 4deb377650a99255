import { describe, expect, it } from 'vitest';
import { checkLogic, isSafeRedirect } from './checkLogic';
import { hidden, hide, jump, language, logicOf, on, QUESTIONS, show, THANKS } from './logic.fixtures';
import { OTHER_CHOICE } from './logicKinds';
import type { Condition, LogicRule, SurveyLogic } from './logicTypes';

const answered = on('q_dept', { operator: 'answered' });
const messages = (logic: SurveyLogic) => checkLogic(QUESTIONS, logic).map((problem) => problem.message);
/** The one message of a show rule on 'Waarom?' (Vraag 6) with this condition. */
const onWhy = (condition: Condition) => messages(logicOf(show('q_why', condition)));

describe('checkLogic: sound logic', () => {
  it('should find nothing wrong with rules that look back and jump ahead', () => {
    const logic = logicOf(
      show('q_sales', on('q_dept', { operator: 'one_of', values: ['sales', OTHER_CHOICE] })),
      hide('q_why', on('q_work', { operator: 'between', min: 1, max: 2 }, 's_desk')),
      jump('q_nps', 'q_last', on('q_nps', { operator: 'greater', value: 8 })),
      jump(
        'q_sat',
        THANKS.id,
        on('q_sat', { operator: 'less', value: 2 }),
        hidden('bron', { operator: 'answered' }),
      ),
      show('q_last', language({ operator: 'one_of', values: ['nl', 'en', 'pl', 'tr', 'ar', 'uk'] })),
      show('q_last', on('q_why', { operator: 'contains', value: 'koffie' })),
    );
    expect(checkLogic(QUESTIONS, logic)).toEqual([]);
  });
});

describe('checkLogic: rules', () => {
  it('should say where each problem is, with the rule and the question', () => {
    const rule = jump('q_nps', 'q_dept', on('q_nps', { operator: 'answered' }));
    expect(checkLogic(QUESTIONS, logicOf(rule))).toEqual([
      {
        code: 'jump_backward',
        rule_id: rule.id,
        question_id: 'q_nps',
        end_screen_id: null,
        message:
          "Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?'): een sprong gaat terug naar Vraag 1 ('Afdeling'). Een sprong kan alleen naar een latere vraag.",
      },
    ]);
  });

  it.each<readonly [string, LogicRule, string]>([
    [
      'a jump to itself',
      jump('q_sat', 'q_sat', answered),
      "Vraag 5 ('Hoe tevreden ben je?'): een sprong gaat naar dezelfde vraag. Een sprong kan alleen naar een latere vraag.",
    ],
    [
      'a jump to a deleted question',
      jump('q_sat', 'q_gone', answered),
      "Vraag 5 ('Hoe tevreden ben je?'): een sprong gaat naar een vraag die niet meer bestaat.",
    ],
    [
      'a jump to a deleted end screen',
      jump('q_sat', 'end_gone', answered),
      "Vraag 5 ('Hoe tevreden ben je?'): een sprong gaat naar een eindscherm dat niet meer bestaat.",
    ],
    [
      'a rule on a deleted question',
      show('q_gone', answered),
      'Een regel gaat over een vraag die niet meer bestaat.',
    ],
    [
      'a jump from a deleted question',
      jump('q_gone', 'q_last', answered),
      'Een regel gaat over een vraag die niet meer bestaat.',
    ],
    ['a rule without conditions', hide('q_why'), "Vraag 6 ('Waarom?'): een regel heeft geen voorwaarden."],
  ])('should name %s', (_label, rule, message) => {
    expect(messages(logicOf(rule))).toEqual([message]);
  });

  it('should give a rule on a deleted question no question id', () => {
    expect(checkLogic(QUESTIONS, logicOf(show('q_gone', answered)))[0]?.question_id).toBeNull();
  });
});

describe('checkLogic: conditions', () => {
  it.each<readonly [string, Condition, string]>([
    [
      'a condition on the same question',
      on('q_why', { operator: 'answered' }),
      "Vraag 6 ('Waarom?'): een voorwaarde gaat over deze vraag zelf. Een voorwaarde kan alleen over een eerdere vraag gaan.",
    ],
    [
      'a condition on a later question',
      on('q_last', { operator: 'answered' }),
      "Vraag 6 ('Waarom?'): een voorwaarde gaat over Vraag 8 ('Nog iets?'), die later komt. Een voorwaarde kan alleen over een eerdere vraag gaan.",
    ],
    [
      'a condition on a deleted question',
      on('q_gone', { operator: 'answered' }),
      "Vraag 6 ('Waarom?'): een voorwaarde gaat over een vraag die niet meer bestaat.",
    ],
    [
      'a deleted choice',
      on('q_dept', { operator: 'none_of', values: ['sales', 'hr'] }),
      "Vraag 6 ('Waarom?'): een voorwaarde gaat over een antwoord dat niet (meer) bij Vraag 1 ('Afdeling') hoort.",
    ],
    [
      'a deleted statement',
      on('q_work', { operator: 'greater', value: 3 }, 's_gone'),
      "Vraag 6 ('Waarom?'): een voorwaarde gaat over een stelling die niet (meer) bij Vraag 3 ('Werkplek') hoort.",
    ],
    [
      'a Likert comparison without a statement',
      on('q_work', { operator: 'greater', value: 3 }),
      "Vraag 6 ('Waarom?'): kies bij de voorwaarde over Vraag 3 ('Werkplek') een stelling.",
    ],
    [
      'an order on choices',
      on('q_dept', { operator: 'greater', value: 'sales' }),
      "Vraag 6 ('Waarom?'): de antwoorden op Vraag 1 ('Afdeling') hebben geen volgorde, dus 'hoger dan', 'lager dan' en 'tussen' passen er niet bij.",
    ],
    [
      'an order on a multiple choice',
      on('q_tools', { operator: 'between', min: 'a', max: 'b' }),
      "Vraag 6 ('Waarom?'): de antwoorden op Vraag 2 ('Welke tools gebruik je?') hebben geen volgorde, dus 'hoger dan', 'lager dan' en 'tussen' passen er niet bij.",
    ],
    [
      'an operator that does not fit',
      on('q_nps', { operator: 'contains', value: '9' }),
      "Vraag 6 ('Waarom?'): 'bevat' past niet bij Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?').",
    ],
    [
      'a score out of range',
      on('q_sat', { operator: 'greater', value: 6 }),
      "Vraag 6 ('Waarom?'): een voorwaarde over Vraag 5 ('Hoe tevreden ben je?') moet een waarde van 1 tot en met 5 hebben.",
    ],
    [
      'a range the wrong way round',
      on('q_nps', { operator: 'between', min: 8, max: 3 }),
      "Vraag 6 ('Waarom?'): een voorwaarde over Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?') heeft geen geldige waarde.",
    ],
    [
      'a text where a score belongs',
      on('q_nps', { operator: 'equals', value: '8' }),
      "Vraag 6 ('Waarom?'): een voorwaarde over Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?') heeft geen geldige waarde.",
    ],
    [
      'an empty choice list',
      on('q_dept', { operator: 'one_of', values: [] }),
      "Vraag 6 ('Waarom?'): een voorwaarde over Vraag 1 ('Afdeling') heeft geen geldige waarde.",
    ],
    [
      'an unknown hidden field',
      hidden('campagne', { operator: 'answered' }),
      "Vraag 6 ('Waarom?'): een voorwaarde gaat over het verborgen veld 'campagne', dat deze survey niet heeft.",
    ],
    [
      'an order on a hidden field',
      hidden('bron', { operator: 'less', value: 'm' }),
      "Vraag 6 ('Waarom?'): 'lager dan' past niet bij een verborgen veld.",
    ],
    [
      'a hidden field compared with nothing',
      hidden('bron', { operator: 'contains', value: '' }),
      "Vraag 6 ('Waarom?'): een voorwaarde over het verborgen veld 'bron' heeft geen geldige waarde.",
    ],
    [
      'an unknown language',
      language({ operator: 'one_of', values: ['nl', 'xx'] }),
      "Vraag 6 ('Waarom?'): 'xx' is geen taal die Loop kent; kies uit nl, en, de, fr, pl, tr, ar, uk.",
    ],
    [
      'a language with a region',
      language({ operator: 'equals', value: 'en-GB' }),
      "Vraag 6 ('Waarom?'): 'en-GB' is geen taal die Loop kent; kies uit nl, en, de, fr, pl, tr, ar, uk.",
    ],
    [
      'an operator the language does not take',
      language({ operator: 'answered' }),
      "Vraag 6 ('Waarom?'): 'beantwoord' past niet bij de taal.",
    ],
  ])('should name %s', (_label, condition, message) => {
    expect(onWhy(condition)).toEqual([message]);
  });

  it("should allow 'anders, namelijk' only where the question has it", () => {
    const other = on('q_dept', { operator: 'equals', value: OTHER_CHOICE });
    expect(onWhy(other)).toEqual([]);
    const closed = QUESTIONS.map((question) =>
      question.type === 'single_choice'
        ? { ...question, settings: { ...question.settings, allow_other: false } }
        : question,
    );
    expect(checkLogic(closed, logicOf(show('q_why', other))).map((problem) => problem.code)).toEqual([
      'choice_missing',
    ]);
  });

  it('should let a jump look at its own question, but not further on', () => {
    expect(messages(logicOf(jump('q_nps', 'q_last', on('q_nps', { operator: 'less', value: 5 }))))).toEqual(
      [],
    );
    expect(messages(logicOf(jump('q_nps', 'q_last', on('q_sat', { operator: 'less', value: 5 }))))).toEqual([
      "Vraag 4 ('Hoe waarschijnlijk is het dat je ons aanbeveelt?'): een voorwaarde gaat over Vraag 5 ('Hoe tevreden ben je?'), die later komt. Een voorwaarde kan alleen over een eerdere vraag gaan.",
    ]);
  });
});

describe('checkLogic: end screens', () => {
  it.each([
    ['javascript:alert(1)', false],
    ['ftp://bestanden.example.nl', false],
    ['//winkel.example.nl', false],
    ['https://', false],
    ['https://winkel .example.nl', false],
    ['https://winkel.example.nl/bedankt?bron=survey', true],
    ['HTTP://winkel.example.nl', true],
  ])('should take %s as a redirect: %s', (url, safe) => {
    expect(isSafeRedirect(url)).toBe(safe);
  });

  it('should name an end screen whose redirect is not http(s)', () => {
    const logic: SurveyLogic = {
      rules: [],
      end_screens: [THANKS, { id: 'end_bad', text: 'Tot ziens', redirect_url: 'javascript:alert(1)' }],
      hidden_fields: [],
    };
    expect(checkLogic(QUESTIONS, logic)).toEqual([
      {
        code: 'redirect_invalid',
        rule_id: null,
        question_id: null,
        end_screen_id: 'end_bad',
        message: "Eindscherm 2 ('Tot ziens'): het doorstuuradres moet beginnen met http:// of https://.",
      },
    ]);
  });
});
