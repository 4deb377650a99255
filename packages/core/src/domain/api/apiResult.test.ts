import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from './apiResult';
import { formFromApi, formInvalid, formOk } from './formResult';

describe('apiOk', () => {
  it('should wrap the value', () => {
    expect(apiOk({ id: 1 })).toEqual({ ok: true, value: { id: 1 } });
  });
});

describe('apiFailure', () => {
  it('should carry status and detail', () => {
    expect(apiFailure(403, 'Geen toegang.')).toEqual({ ok: false, status: 403, detail: 'Geen toegang.' });
  });

  it('should carry field errors only when given', () => {
    expect(apiFailure(400, 'Ongeldig.', { email: 'Fout.' })).toEqual({
      ok: false,
      status: 400,
      detail: 'Ongeldig.',
      fields: { email: 'Fout.' },
    });
    expect('fields' in apiFailure(400, 'Ongeldig.')).toBe(false);
  });
});

describe('formFromApi', () => {
  it('should pass a value through', () => {
    expect(formFromApi(apiOk('klaar'))).toEqual(formOk('klaar'));
  });

  it('should show the server detail as the message with its field errors', () => {
    expect(formFromApi(apiFailure(400, 'Controleer de velden.', { name: 'Te lang.' }))).toEqual({
      ok: false,
      message: 'Controleer de velden.',
      fields: { name: 'Te lang.' },
      status: 400,
    });
  });

  it('should give an empty field map when the server named no field', () => {
    expect(formFromApi(apiFailure(500, 'Mislukt.'))).toEqual({
      ok: false,
      message: 'Mislukt.',
      fields: {},
      status: 500,
    });
  });
});

describe('formInvalid', () => {
  it('should hold only field errors, no message', () => {
    expect(formInvalid({ email: 'Vul je e-mailadres in.' })).toEqual({
      ok: false,
      message: null,
      fields: { email: 'Vul je e-mailadres in.' },
    });
  });
});
