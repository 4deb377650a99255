import { describe, expect, it } from 'vitest';
import {
  addressKey,
  addressQuery,
  checkPosition,
  compactPostcode,
  type GeocodeAddress,
  geocoderRetryDelayMs,
  houseNumberParts,
  inNetherlands,
  isPosition,
  POSITION_MESSAGES,
  parseWktPoint,
} from './geocoding';

const address = (fields: Partial<GeocodeAddress>): GeocodeAddress => ({
  street: null,
  house_number: null,
  postcode: null,
  city: null,
  ...fields,
});

describe('compactPostcode', () => {
  it('should read a Dutch postcode in any spacing or case', () => {
    expect(compactPostcode('1012 lg')).toBe('1012LG');
    expect(compactPostcode(' 1012LG ')).toBe('1012LG');
  });

  it('should refuse what is not a Dutch postcode', () => {
    expect(compactPostcode('0123 AB')).toBeNull();
    expect(compactPostcode('1012 L')).toBeNull();
    expect(compactPostcode('B-1000')).toBeNull();
    expect(compactPostcode(null)).toBeNull();
  });
});

describe('houseNumberParts', () => {
  it('should split number, letter and addition as the address register keeps them', () => {
    expect(houseNumberParts('12')).toEqual({ number: 12, letter: null, addition: null });
    expect(houseNumberParts('12a')).toEqual({ number: 12, letter: 'A', addition: null });
    expect(houseNumberParts('12 A')).toEqual({ number: 12, letter: 'A', addition: null });
    expect(houseNumberParts('12-2')).toEqual({ number: 12, letter: null, addition: '2' });
    expect(houseNumberParts('12b-3')).toEqual({ number: 12, letter: 'B', addition: '3' });
    expect(houseNumberParts('12 bis')).toEqual({ number: 12, letter: null, addition: 'BIS' });
  });

  it('should refuse text without a number', () => {
    expect(houseNumberParts('')).toBeNull();
    expect(houseNumberParts('achter')).toBeNull();
    expect(houseNumberParts(null)).toBeNull();
  });
});

describe('addressQuery', () => {
  it('should look a Dutch address up by postcode and house number when it has both', () => {
    expect(
      addressQuery(address({ postcode: '1012 lg', house_number: '1', street: 'Damrak', city: 'Amsterdam' })),
    ).toEqual({ kind: 'postcode', postcode: '1012LG', house: { number: 1, letter: null, addition: null } });
  });

  it('should fall back to street, number and place as text', () => {
    expect(addressQuery(address({ street: ' Oudegracht ', house_number: '158', city: 'Utrecht' }))).toEqual({
      kind: 'text',
      text: 'Oudegracht 158, Utrecht',
    });
    expect(addressQuery(address({ street: 'Oudegracht', city: 'Utrecht' }))).toEqual({
      kind: 'text',
      text: 'Oudegracht, Utrecht',
    });
  });

  it('should give nothing for an address that says too little', () => {
    expect(addressQuery(address({ city: 'Utrecht' }))).toBeNull();
    expect(addressQuery(address({ postcode: '3511 AB' }))).toBeNull();
    expect(addressQuery(address({}))).toBeNull();
  });
});

describe('addressKey', () => {
  it('should give one key to the same place written differently', () => {
    const a = addressKey(address({ postcode: '1012LG', house_number: '1a' }));
    const b = addressKey(address({ postcode: '1012 lg', house_number: '1 A', street: 'Damrak' }));
    expect(a).toBe(b);
    expect(addressKey(address({ street: 'Rue Café', house_number: '3', city: 'Maastricht' }))).toBe(
      addressKey(address({ street: 'rue  cafe', house_number: '3', city: 'MAASTRICHT' })),
    );
  });

  it('should keep different houses apart', () => {
    expect(addressKey(address({ postcode: '1012LG', house_number: '1' }))).not.toBe(
      addressKey(address({ postcode: '1012LG', house_number: '1a' })),
    );
    expect(addressKey(address({ postcode: '1012LG', house_number: '1-2' }))).not.toBe(
      addressKey(address({ postcode: '1012LG', house_number: '1' })),
    );
  });

  it('should give no key when the address cannot be looked up', () => {
    expect(addressKey(address({ city: 'Utrecht' }))).toBeNull();
  });
});

describe('parseWktPoint', () => {
  it('should read longitude first, as PDOK writes centroide_ll', () => {
    expect(parseWktPoint('POINT(4.89520 52.37022)')).toEqual({ lat: 52.37022, lng: 4.8952 });
  });

  it('should refuse other shapes and impossible degrees', () => {
    expect(parseWktPoint('POLYGON((0 0, 1 1))')).toBeNull();
    expect(parseWktPoint('POINT(200 52)')).toBeNull();
    expect(parseWktPoint('')).toBeNull();
  });
});

describe('inNetherlands and isPosition', () => {
  it('should know a Dutch point from a foreign one', () => {
    expect(inNetherlands(52.37, 4.89)).toBe(true);
    expect(inNetherlands(53.45, 6.2)).toBe(true);
    expect(inNetherlands(48.85, 2.35)).toBe(false);
  });

  it('should accept only finite degrees within the world', () => {
    expect(isPosition(52.1, 5.1)).toBe(true);
    expect(isPosition(91, 5)).toBe(false);
    expect(isPosition(Number.NaN, 5)).toBe(false);
    expect(isPosition('52', 5)).toBe(false);
  });
});

describe('checkPosition', () => {
  it('should take finite degrees within the world', () => {
    expect(checkPosition({ lat: 52.1, lng: -5.5 })).toEqual({ ok: true, value: { lat: 52.1, lng: -5.5 } });
    expect(checkPosition({ lat: -90, lng: 180 })).toEqual({ ok: true, value: { lat: -90, lng: 180 } });
  });

  it('should name each wrong field in Dutch', () => {
    expect(checkPosition({ lat: 91, lng: 5 })).toEqual({ ok: false, fields: { lat: POSITION_MESSAGES.lat } });
    expect(checkPosition({ lat: 52, lng: '5' })).toEqual({
      ok: false,
      fields: { lng: POSITION_MESSAGES.lng },
    });
    expect(checkPosition(null)).toEqual({
      ok: false,
      fields: { lat: POSITION_MESSAGES.lat, lng: POSITION_MESSAGES.lng },
    });
  });
});

describe('geocoderRetryDelayMs', () => {
  it('should wait a minute after the first failure, doubling after each next, at most a quarter of an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(geocoderRetryDelayMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });
});
