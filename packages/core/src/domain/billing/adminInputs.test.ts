import { describe, expect, it } from 'vitest';
import { parseOrganisationIdInput, parsePriceInput, priceInputText } from './adminInputs';

describe('parsePriceInput', () => {
  it('should read a Dutch or an English decimal with at most two decimals', () => {
    expect(parsePriceInput('29,50')).toBe(29.5);
    expect(parsePriceInput(' 29.5 ')).toBe(29.5);
    expect(parsePriceInput('0')).toBe(0);
  });

  it.each(['', '-1', '29,505', '1.234,50', 'abc', '29,'])('should refuse %j', (text) => {
    expect(parsePriceInput(text)).toBeNull();
  });

  it('should write a price back as the field shows it', () => {
    expect(priceInputText(29.5)).toBe('29,50');
    expect(parsePriceInput(priceInputText(79))).toBe(79);
  });
});

describe('parseOrganisationIdInput', () => {
  it('should read a positive whole number', () => {
    expect(parseOrganisationIdInput(' 42 ')).toBe(42);
  });

  it.each(['', '0', '-3', '4.2', '1e3', 'abc'])('should refuse %j', (text) => {
    expect(parseOrganisationIdInput(text)).toBeNull();
  });
});
