import { describe, expect, it } from 'vitest';
import { NO_LOGIC } from '../../contract';
import { hidden, jump, language, logicOf, on, REDIRECT, show, THANKS } from './logic.fixtures';
import {
  checkLogicInput,
  checkRespondentContext,
  HIDDEN_FIELD_VALUE_MAX_LENGTH,
  hiddenValuesFrom,
  LOGIC_CONDITIONS_MAX,
  LOGIC_INPUT_MESSAGES as M,
} from './logicInput';

const LOGIC = logicOf(
  show('q_sales', on('q_dept', { operator: 'equals', value: 'sales' })),
  jump('q_nps', THANKS.id, on('q_nps', { operator: 'between', min: 0, max: 6 })),
  show(
    'q_last',
    hidden('bron', { operator: 'one_of', values: ['mail', 'qr'] }),
    language({ operator: 'equals', value: 'en' }),
  ),
);

describe('checkLogicInput', () => {
  it('should accept sound logic as it is, and no logic', () => {
    expect(checkLogicInput(LOGIC)).toEqual({ ok: true, value: LOGIC });
    expect(checkLogicInput(NO_LOGIC)).toEqual({ ok: true, value: NO_LOGIC });
  });

  it('should keep a rule on a deleted question: that is for checkLogic, and a draft is stored with it', () => {
    const logic = logicOf(show('q_gone', on('q_gone_too', { operator: 'answered' })));
    expect(checkLogicInput(logic).ok).toBe(true);
  });

  it('should drop unknown properties and an empty redirect address', () => {
    const checked = checkLogicInput({
      rules: [{ ...LOGIC.rules[0], extra: 1 }],
      end_screens: [{ ...THANKS, redirect_url: ' ', color: 'red' }, REDIRECT],
      hidden_fields: ['bron'],
    });
    expect(checked).toEqual({
      ok: true,
      value: { rules: [LOGIC.rules[0]], end_screens: [THANKS, REDIRECT], hidden_fields: ['bron'] },
    });
  });

  it('should name each unusable part under its field, in Dutch', () => {
    const checked = checkLogicInput({
      rules: [
        { id: 'r1', action: 'teleport', question_id: 'q1', when: { match: 'all', conditions: [] } },
        {
          id: 'r1',
          action: 'jump',
          from_question_id: 'q1',
          to: {},
          when: {
            match: 'some',
            conditions: [{ source: 'question', question_id: 'q0', operator: 'like', value: 1 }],
          },
        },
        {
          id: 'r3',
          action: 'show',
          question_id: 'q2',
          when: {
            match: 'any',
            conditions: [{ source: 'hidden_field', name: 'Bron!', operator: 'equals', value: { x: 1 } }],
          },
        },
      ],
      end_screens: [
        { id: 'e1', text: 'x'.repeat(2001) },
        { id: 'e1', text: 'ok', redirect_url: `https://${'a'.repeat(2000)}` },
      ],
      hidden_fields: ['afdeling', 'Afdeling', 'afdeling'],
    });
    expect(checked).toEqual({
      ok: false,
      fields: {
        'rules.0.action': M.actionInvalid,
        'rules.1.id': M.ruleIdDuplicate,
        'rules.1.when.match': M.matchInvalid,
        'rules.1.when.conditions.0.operator': M.operatorInvalid,
        'rules.1.to': M.targetInvalid,
        'rules.2.when.conditions.0.value': M.valueInvalid,
        'rules.2.when.conditions.0.name': M.conditionNameInvalid,
        'end_screens.0.text': M.endScreenTextTooLong,
        'end_screens.1.id': M.endScreenIdDuplicate,
        'end_screens.1.redirect_url': M.redirectTooLong,
        'hidden_fields.1': M.hiddenFieldNameInvalid,
        'hidden_fields.2': M.hiddenFieldDuplicate,
      },
    });
  });

  it('should refuse more conditions than all rules may have together', () => {
    const condition = on('q_dept', { operator: 'answered' });
    const half = Array.from({ length: LOGIC_CONDITIONS_MAX / 2 + 1 }, () => condition);
    const checked = checkLogicInput(logicOf(show('q_why', ...half), show('q_sales', ...half)));
    expect(checked).toEqual({ ok: false, fields: { rules: M.tooManyConditions } });
  });

  it('should refuse what is not logic at all', () => {
    expect(checkLogicInput('rules')).toEqual({ ok: false, fields: { logic: M.unreadable } });
    expect(checkLogicInput({ rules: {}, end_screens: [], hidden_fields: new Array(21).fill('a') })).toEqual({
      ok: false,
      fields: { rules: M.listUnreadable, hidden_fields: M.tooManyHiddenFields },
    });
  });
});

describe('checkRespondentContext', () => {
  it('should keep the declared hidden fields and ignore the rest, whatever they hold', () => {
    expect(
      checkRespondentContext(['bron', 'team'], {
        hidden_fields: { bron: 'mail', onbekend: 'x'.repeat(10_000), other: 3 },
        language: 'en',
      }),
    ).toEqual({ ok: true, hidden_fields: { bron: 'mail' }, language: 'en' });
    expect(checkRespondentContext([], {})).toEqual({ ok: true, hidden_fields: {}, language: null });
  });

  it('should refuse a declared value that is too long or not a text, and an unknown language', () => {
    expect(
      checkRespondentContext(['bron', 'team'], {
        hidden_fields: { bron: 'x'.repeat(HIDDEN_FIELD_VALUE_MAX_LENGTH + 1), team: 7 },
        language: 'xx',
      }),
    ).toEqual({
      ok: false,
      fields: {
        'hidden_fields.bron': M.hiddenValueTooLong,
        'hidden_fields.team': M.hiddenValueInvalid,
        language: M.languageUnknown,
      },
    });
    expect(checkRespondentContext(['bron'], { hidden_fields: ['mail'] })).toEqual({
      ok: false,
      fields: { hidden_fields: M.hiddenValuesUnreadable },
    });
  });
});

describe('hiddenValuesFrom', () => {
  it("should take a contact's attributes of the declared names only, within the bounds", () => {
    expect(
      hiddenValuesFrom(['afdeling', 'regio', 'lang'], {
        afdeling: 'Verkoop',
        salaris: 'geheim',
        lang: 'x'.repeat(HIDDEN_FIELD_VALUE_MAX_LENGTH + 1),
      }),
    ).toEqual({ afdeling: 'Verkoop' });
    expect(hiddenValuesFrom(['afdeling'], null)).toEqual({});
  });
});
