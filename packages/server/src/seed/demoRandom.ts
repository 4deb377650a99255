import type { AnswerValue } from '@loop/core';
import { BUILT_IN_TEMPLATES } from '../surveys/builtInTemplates';

/** Shared helpers of the demo surveys' seeded data: the generator, picks and moments. */

export const DAY_MS = 86_400_000;

/** mulberry32: a tiny seeded generator, enough for demo data (not for anything secret). */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) return value;
  }
  return (choices.at(-1) as readonly [T, number])[0];
}

/** A point on a 5-point scale around `mean`, spread like real agreement scales (mostly ±1). */
export const point = (random: Random, mean: number): number =>
  Math.min(5, Math.max(1, Math.round(mean + (random() + random() + random() - 1.5) * 1.3)));

export const seconds = (random: Random, from: number, to: number): number =>
  Math.round(from + random() * (to - from));

export const template = (key: string) => {
  const found = BUILT_IN_TEMPLATES.find((each) => each.key === key);
  if (found === undefined) throw new Error(`built-in template ${key} is missing`);
  return found.input;
};

export interface DemoResponse {
  readonly kind: 'public' | 'personal';
  /** The personal link's label: the name the sender typed when making the link. */
  readonly label?: string;
  /** Submitted at; null for a personal link not used yet (`pending`) or a response in progress. */
  readonly completedAt: Date | null;
  readonly startedAt: Date | null;
  readonly answers: Readonly<Record<string, AnswerValue>>;
  readonly seconds: Readonly<Record<string, number>>;
}

/** A moment `daysAgo` days before `now`, during office hours (Amsterdam, roughly). */
export const workingMoment = (random: Random, now: Date, daysAgo: number): Date => {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  day.setUTCHours(7 + Math.floor(random() * 11), Math.floor(random() * 60), Math.floor(random() * 60), 0);
  return day.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : day;
};
