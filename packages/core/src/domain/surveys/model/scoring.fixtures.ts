import type { ChoiceOption } from '../../contract';

export const FIVE = { points: 5, neutral_middle: true } as const;

export const FIVE_PLAIN = { points: 5, neutral_middle: false } as const;

export const SEVEN = { points: 7, neutral_middle: true } as const;

export const SEVEN_PLAIN = { points: 7, neutral_middle: false } as const;

export const OPTIONS: ChoiceOption[] = [
  { id: 'o1', label: 'Rood' },
  { id: 'o2', label: 'Groen' },
  { id: 'o3', label: 'Blauw' },
];
