import { describe, expect, it } from 'vitest';
import { backoffMs, classifyFailure, dutchDuration, failureMessage } from './deliveryFailure';

const smtpError = (responseCode: number, response: string) =>
  Object.assign(new Error(`Message failed: ${response}`), { code: 'EMESSAGE', responseCode, response });

describe('classifyFailure', () => {
  it('should take 5xx as permanent and 4xx, network errors and unknown errors as temporary', () => {
    expect(classifyFailure(smtpError(550, '550 5.1.1 Onbekend'))).toEqual({
      permanent: true,
      code: 550,
      reply: '550 5.1.1 Onbekend',
      detail: 'EMESSAGE: Message failed: 550 5.1.1 Onbekend',
    });
    expect(classifyFailure(smtpError(451, '451 4.3.0 Later')).permanent).toBe(false);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
    expect(classifyFailure(refused)).toEqual({
      permanent: false,
      code: null,
      reply: null,
      detail: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(classifyFailure('vreemd')).toEqual({
      permanent: false,
      code: null,
      reply: null,
      detail: 'vreemd',
    });
  });
});

describe('failureMessage', () => {
  it('should explain in Dutch and quote the server as it answered', () => {
    const temporary = classifyFailure(smtpError(421, '421 4.7.0 Te veel verbindingen'));
    expect(failureMessage(temporary, 2, 8, 120_000)).toBe(
      'Poging 2 van 8 mislukt, nieuwe poging over 2 minuten; antwoord van de mailserver: 421 4.7.0 Te veel verbindingen',
    );
    expect(failureMessage(temporary, 8, 8, null)).toBe(
      'Niet verstuurd na 8 pogingen; antwoord van de mailserver: 421 4.7.0 Te veel verbindingen',
    );
    expect(failureMessage(classifyFailure(smtpError(554, '554 Spam')), 1, 8, null)).toBe(
      'Geweigerd door de mailserver: 554 Spam',
    );
  });
});

describe('backoffMs', () => {
  it('should double from the base after each attempt up to the cap', () => {
    expect([1, 2, 3, 4, 7, 8].map((attempt) => backoffMs(attempt, 60_000, 3_600_000))).toEqual([
      60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('dutchDuration', () => {
  it('should name seconds, minutes and hours in Dutch', () => {
    expect([400, 1000, 45_000, 60_000, 960_000, 3_600_000, 7_200_000].map(dutchDuration)).toEqual([
      '1 seconde',
      '1 seconde',
      '45 seconden',
      '1 minuut',
      '16 minuten',
      '1 uur',
      '2 uur',
    ]);
  });
});
