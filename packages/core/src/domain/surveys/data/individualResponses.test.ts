import { describe, expect, it } from 'vitest';
import type { Plan } from '../../contract';
import {
  deleteSurveyText,
  eraseResponseText,
  eraseResponseTitle,
  responseName,
  SURVEY_DATA_MESSAGES,
  xlsxExportNote,
} from './individualResponses';

const plan = (name: string, keys: readonly string[], price = 0): Plan => ({
  id: name.length,
  name,
  price_per_month: price,
  features: keys.map((key) => ({ key, name: key, description: '' })),
});

describe('deleteSurveyText', () => {
  it('should name how many responses go with the survey', () => {
    expect(deleteSurveyText(65)).toBe(
      'Deze survey heeft 65 reacties. Verwijderen kan niet ongedaan worden gemaakt.',
    );
    expect(deleteSurveyText(1)).toBe(
      'Deze survey heeft 1 reactie. Verwijderen kan niet ongedaan worden gemaakt.',
    );
    expect(deleteSurveyText(1234)).toBe(
      'Deze survey heeft 1.234 reacties. Verwijderen kan niet ongedaan worden gemaakt.',
    );
    expect(deleteSurveyText(0)).toBe(
      'Deze survey heeft nog geen reacties. Verwijderen kan niet ongedaan worden gemaakt.',
    );
  });
});

describe('a response by name', () => {
  it('should name a submitted response by its number in the survey, not by a row id', () => {
    expect(responseName({ ordinal: 1, label: null, contact_name: null })).toBe('Reactie 1');
    expect(responseName({ ordinal: 3, label: '  ', contact_name: null })).toBe('Reactie 3');
    expect(responseName({ ordinal: 3, label: 'Jan de Vries', contact_name: null })).toBe(
      'Jan de Vries (reactie 3)',
    );
    expect(eraseResponseTitle({ ordinal: 3, label: null, contact_name: null })).toBe(
      'Antwoorden van reactie 3 wissen?',
    );
    expect(eraseResponseText({ ordinal: 3, label: 'Jan', contact_name: null })).toBe(
      'De antwoorden van Jan (reactie 3) worden gewist, met de tijden per vraag. De resultaten tellen ' +
        'daarna zonder deze reactie. Wissen kan niet ongedaan worden gemaakt.',
    );
    expect(SURVEY_DATA_MESSAGES.responseErased({ ordinal: 3 })).toBe('Reactie 3 is gewist.');
  });

  it('should give a response that is not submitted no number', () => {
    expect(responseName({ ordinal: null, label: 'Jan de Vries', contact_name: null })).toBe('Jan de Vries');
    expect(responseName({ ordinal: null, label: null, contact_name: null })).toBe('Niet ingestuurd');
    expect(eraseResponseTitle({ ordinal: null, label: null, contact_name: null })).toBe(
      'Antwoorden van deze niet ingestuurde reactie wissen?',
    );
    expect(eraseResponseText({ ordinal: null, label: null, contact_name: null })).toBe(
      'De antwoorden van deze niet ingestuurde reactie worden gewist, met de tijden per vraag. De ' +
        'resultaten tellen daarna zonder deze reactie. Wissen kan niet ongedaan worden gemaakt.',
    );
    expect(SURVEY_DATA_MESSAGES.responseErased({ ordinal: null })).toBe(
      'De niet ingestuurde reactie is gewist.',
    );
  });

  it("should prefer the invited contact's name to the link's label", () => {
    expect(responseName({ ordinal: 12, label: 'Team Noord', contact_name: 'Fatima El Amrani' })).toBe(
      'Fatima El Amrani (reactie 12)',
    );
    expect(responseName({ ordinal: 12, label: 'Team Noord', contact_name: ' ' })).toBe(
      'Team Noord (reactie 12)',
    );
    expect(responseName({ ordinal: 12, label: null, contact_name: 'Piet' })).toBe('Piet (reactie 12)');
  });
});

describe('xlsxExportNote', () => {
  it('should name the plans that include the export feature, cheapest first', () => {
    const plans = [
      plan('proloop', ['export'], 79),
      plan('basicloop', ['core']),
      plan('smartloop', ['core', 'export'], 29),
    ];
    expect(xlsxExportNote(plans)).toBe(
      'CSV kan met elk abonnement. Exporteren naar XLSX kan met het abonnement smartloop of proloop.',
    );
    expect(xlsxExportNote(plans.slice(1))).toBe(
      'CSV kan met elk abonnement. Exporteren naar XLSX kan met het abonnement smartloop.',
    );
    expect(xlsxExportNote([...plans, plan('ultraloop', ['export'], 199)])).toContain(
      'smartloop, proloop of ultraloop',
    );
    expect(xlsxExportNote([])).toBe(
      'CSV kan met elk abonnement. Exporteren naar XLSX kan met een abonnement met de functie Exporteren.',
    );
  });
});
