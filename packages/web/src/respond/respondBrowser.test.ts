import { describe, expect, it } from 'vitest';
import { queryValues } from './respondBrowser';

describe('queryValues', () => {
  it('should take the first value per name, decoded', () => {
    expect(queryValues('?bron=mail&bron=sms&afdeling=Verkoop%20Noord&lang=en')).toEqual({
      bron: 'mail',
      afdeling: 'Verkoop Noord',
      lang: 'en',
    });
  });

  it('should read nothing from an empty address and no name from the prototype', () => {
    expect(queryValues('')).toEqual({});
    expect(queryValues('?constructor=x').constructor).toBe('x');
    expect(Object.hasOwn(queryValues('?a=1'), 'constructor')).toBe(false);
  });

  it('should leave out the embedding origin /embed.js adds: it is never a hidden field (R-EMBED-4)', () => {
    expect(queryValues('?bron=site&loop_embed=https%3A%2F%2Fwww.klant.nl')).toEqual({ bron: 'site' });
  });
});
