import { describe, expect, it } from 'vitest';
import { fillLines } from './fillLines';

describe('fillLines', () => {
  it('should say the cap and each quota as counted of their maximum', () => {
    expect(
      fillLines({
        cap: { max: 2000, count: 1200 },
        quotas: [{ id: 'v', name: 'Verkoop', max: 50, count: 37 }],
      }),
    ).toEqual(['1.200 van 2.000 antwoorden', 'Verkoop: 37 van 50']);
  });

  it('should say nothing without a cap or quotas', () => {
    expect(fillLines(undefined)).toEqual([]);
    expect(fillLines({ cap: null, quotas: [] })).toEqual([]);
  });
});
