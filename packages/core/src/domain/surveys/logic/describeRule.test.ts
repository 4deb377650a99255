import { describe, expect, it } from 'vitest';
import { describeRule } from './describeRule';
import {
  hidden,
  hide,
  jump,
  language,
  logicOf,
  on,
  QUESTIONS,
  show,
  showAny,
  THANKS,
} from './logic.fixtures';
import { OTHER_CHOICE } from './logicKinds';
import type { Condition, LogicRule } from './logicTypes';

const END_SCREENS = logicOf().end_screens;
const say = (rule: LogicRule) => describeRule(rule, QUESTIONS, END_SCREENS);
const when = (condition: Condition) => say(show('q_last', condition));

describe('describeRule', () => {
  it('should say a show, a hide and a jump', () => {
    expect(say(show('q_sales', on('q_dept', { operator: 'equals', value: 'sales' })))).toBe(
      "Toon als 'Afdeling' is 'Verkoop'",
    );
    expect(say(hide('q_sales', on('q_dept', { operator: 'not_equals', value: 'sales' })))).toBe(
      "Verberg als 'Afdeling' is niet 'Verkoop'",
    );
    expect(say(jump('q_sat', THANKS.id, on('q_sat', { operator: 'less', value: 7 })))).toBe(
      "Ga naar 'Eindscherm: bedankt' als 'Hoe tevreden ben je?' lager is dan 7",
    );
    expect(say(jump('q_dept', 'q_why', on('q_dept', { operator: 'answered' })))).toBe(
      "Ga naar 'Waarom?' als 'Afdeling' is beantwoord",
    );
  });

  it("should join an all group with 'en' and an any group with 'of'", () => {
    const sales = on('q_dept', { operator: 'equals', value: 'sales' });
    const low = on('q_nps', { operator: 'less', value: 7 });
    expect(say(show('q_last', sales, low))).toBe(
      "Toon als 'Afdeling' is 'Verkoop' en 'Hoe waarschijnlijk is het dat je ons aanbeveelt?' lager is dan 7",
    );
    expect(say(showAny('q_last', sales, low))).toBe(
      "Toon als 'Afdeling' is 'Verkoop' of 'Hoe waarschijnlijk is het dat je ons aanbeveelt?' lager is dan 7",
    );
  });

  it('should say a rule without conditions holds always', () => {
    expect(say(hide('q_last'))).toBe('Verberg altijd');
    expect(say(jump('q_dept', 'q_last'))).toBe("Ga altijd naar 'Nog iets?'");
  });

  it.each<readonly [Condition, string]>([
    [
      on('q_dept', { operator: 'one_of', values: ['sales', 'it', OTHER_CHOICE] }),
      "'Afdeling' is een van 'Verkoop', 'ICT' en 'anders, namelijk'",
    ],
    [
      on('q_dept', { operator: 'none_of', values: ['sales', 'it'] }),
      "'Afdeling' is geen van 'Verkoop' en 'ICT'",
    ],
    [on('q_dept', { operator: 'one_of', values: ['it'] }), "'Afdeling' is 'ICT'"],
    [on('q_tools', { operator: 'equals', value: 'crm' }), "'Welke tools gebruik je?' omvat 'CRM'"],
    [
      on('q_tools', { operator: 'none_of', values: ['crm', 'chat'] }),
      "'Welke tools gebruik je?' omvat geen van 'CRM' en 'Chat'",
    ],
    [on('q_dept', { operator: 'equals', value: 'hr' }), "'Afdeling' is een verwijderd antwoord"],
    [
      on('q_nps', { operator: 'greater', value: 8 }),
      "'Hoe waarschijnlijk is het dat je ons aanbeveelt?' hoger is dan 8",
    ],
    [
      on('q_nps', { operator: 'between', min: 7, max: 8 }),
      "'Hoe waarschijnlijk is het dat je ons aanbeveelt?' van 7 tot en met 8 is",
    ],
    [on('q_sat', { operator: 'one_of', values: [4, 5] }), "'Hoe tevreden ben je?' is een van 4 en 5"],
    [
      on('q_work', { operator: 'less', value: 3 }, 's_light'),
      "'Werkplek' bij 'Er is genoeg licht' lager is dan 3",
    ],
    [
      on('q_work', { operator: 'less', value: 3 }, 's_gone'),
      "'Werkplek' bij een verwijderde stelling lager is dan 3",
    ],
    [on('q_why', { operator: 'contains', value: 'koffie' }), "'Waarom?' bevat 'koffie'"],
    [on('q_why', { operator: 'not_answered' }), "'Waarom?' is niet beantwoord"],
    [on('q_gone', { operator: 'answered' }), 'een verwijderde vraag is beantwoord'],
    [hidden('bron', { operator: 'equals', value: 'mail' }), "verborgen veld 'bron' is 'mail'"],
    [
      hidden('bron', { operator: 'one_of', values: ['mail', 'qr'] }),
      "verborgen veld 'bron' is een van 'mail' en 'qr'",
    ],
    [hidden('bron', { operator: 'contains', value: 'nieuws' }), "verborgen veld 'bron' bevat 'nieuws'"],
    [hidden('bron', { operator: 'answered' }), "verborgen veld 'bron' is ingevuld"],
    [hidden('bron', { operator: 'not_answered' }), "verborgen veld 'bron' is niet ingevuld"],
    [language({ operator: 'equals', value: 'en' }), 'de taal is Engels'],
    [language({ operator: 'one_of', values: ['de', 'fr', 'xx'] }), "de taal is een van Duits, Frans en 'xx'"],
    [language({ operator: 'equals', value: 'uk' }), 'de taal is Oekraïens'],
    [
      language({ operator: 'one_of', values: ['pl', 'TR', 'ar'] }),
      'de taal is een van Pools, Turks en Arabisch',
    ],
  ])('should say %j as "Toon als %s"', (condition, clause) => {
    expect(when(condition)).toBe(`Toon als ${clause}`);
  });

  it('should say a jump to what was deleted, and shorten a long title', () => {
    const long =
      'Wat vind je van de samenwerking tussen de afdelingen binnen onze organisatie in het afgelopen jaar?';
    const questions = QUESTIONS.map((question) =>
      question.id === 'q_last' ? { ...question, title: long } : question,
    );
    expect(describeRule(jump('q_dept', 'q_last', on('q_dept', { operator: 'answered' })), questions)).toBe(
      "Ga naar 'Wat vind je van de samenwerking tussen de afdelingen binnen…' als 'Afdeling' is beantwoord",
    );
    expect(describeRule(jump('q_dept', THANKS.id), QUESTIONS)).toBe(
      'Ga altijd naar een verwijderd eindscherm',
    );
    expect(say(jump('q_dept', 'q_gone'))).toBe('Ga altijd naar een verwijderde vraag');
  });
});
