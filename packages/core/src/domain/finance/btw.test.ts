import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BTW_RATES } from '../contract';
import { MAX_AMOUNT_CENTS } from './amount';
import { BTW_PERCENT, btwOnNet, btwPart, btwRateLabel, isBtwRate, splitBtw } from './btw';

describe('btwPart: the BTW inside an amount that includes it', () => {
  it('should derive it with the rate and round half up to a cent', () => {
    expect(btwPart(12_100, '21')).toBe(2100);
    expect(btwPart(10_900, '9')).toBe(900);
    // 10,00 at 9 %: 0,8256… → 0,83; 1,00 at 21 %: 0,1735… → 0,17.
    expect(btwPart(1000, '9')).toBe(83);
    expect(btwPart(100, '21')).toBe(17);
    // 0,01 at 21 %: 0,17 cent → 0; 0,03: 0,52 cent → 1 cent.
    expect(btwPart(1, '21')).toBe(0);
    expect(btwPart(3, '21')).toBe(1);
    expect(btwPart(12_100, '0')).toBe(0);
    expect(btwPart(12_100, 'exempt')).toBe(0);
    expect(btwPart(12_100, null)).toBe(0);
  });

  it('should be the reference rounding of amount × p / (100 + p) for every amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }),
        fc.constantFrom(...BTW_RATES),
        (amount, rate) => {
          const p = BigInt(BTW_PERCENT[rate]);
          const exact = BigInt(amount) * p;
          const divisor = 100n + p;
          const reference = Number(exact / divisor + ((exact % divisor) * 2n >= divisor ? 1n : 0n));
          expect(btwPart(amount, rate)).toBe(reference);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('should split an amount into net and BTW that add up to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }),
        fc.constantFrom(...BTW_RATES, null),
        (amount, rate) => {
          const { net, btw } = splitBtw(amount, rate);
          expect(net + btw).toBe(amount);
          expect(btw).toBeGreaterThanOrEqual(0);
          expect(net).toBeGreaterThanOrEqual(btw);
        },
      ),
    );
  });

  it('should give back the BTW of an invoice: net plus BTW on net, split again, is the same BTW', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.constantFrom(...BTW_RATES), (net, rate) => {
        const btw = btwOnNet(net, rate);
        expect(btwPart(net + btw, rate)).toBe(btw);
      }),
      { numRuns: 400 },
    );
  });

  it('should add per-record BTW to within half a cent per record of the BTW of the sum', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 50 }),
        fc.constantFrom(...BTW_RATES),
        (amounts, rate) => {
          const perRecord = amounts.reduce((sum, amount) => sum + btwPart(amount, rate), 0);
          const total = amounts.reduce((sum, amount) => sum + amount, 0);
          const exact = (total * BTW_PERCENT[rate]) / (100 + BTW_PERCENT[rate]);
          expect(Math.abs(perRecord - exact)).toBeLessThanOrEqual(amounts.length * 0.5 + 1e-6);
        },
      ),
    );
  });
});

describe('rates', () => {
  it('should name the rates in Dutch and recognise them from outside', () => {
    expect(BTW_RATES.map(btwRateLabel)).toEqual(['21%', '9%', '0%', 'Vrijgesteld']);
    expect(btwRateLabel(null)).toBe('Geen tarief');
    expect(isBtwRate('21')).toBe(true);
    expect(isBtwRate(21)).toBe(false);
    expect(isBtwRate('6')).toBe(false);
  });
});
