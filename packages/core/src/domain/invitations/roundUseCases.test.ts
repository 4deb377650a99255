import { describe, expect, it } from 'vitest';
import type { SurveyRounds } from '../contract';
import { createRoundUseCases, type RoundsGateway } from './roundUseCases';

const EMPTY: SurveyRounds = { schedule: null, rounds: [] };

function gateway() {
  const calls: unknown[] = [];
  const fake: RoundsGateway = {
    rounds: async () => ({ ok: true, value: EMPTY }),
    schedule: async (surveyId, input) => {
      calls.push({ surveyId, input });
      return { ok: true, value: EMPTY };
    },
    control: async () => ({ ok: true, value: EMPTY }),
    comparison: async () => ({ ok: true, value: { survey_id: 1, rounds: [] } }),
  };
  return { fake, calls };
}

describe('createRoundUseCases', () => {
  const now = () => new Date('2026-03-01T10:00:00.000Z');

  it('should send the schedule with the first round read on the Dutch clock', async () => {
    const { fake, calls } = gateway();
    const rounds = createRoundUseCases({ gateway: fake, now });
    const result = await rounds.schedule(4, {
      unit: 'month',
      count: '1',
      segmentId: '12',
      startDay: '2026-04-01',
      startTime: '09:30',
    });
    expect(result.ok).toBe(true);
    expect(calls).toEqual([
      {
        surveyId: 4,
        input: {
          interval_unit: 'month',
          interval_count: 1,
          segment_id: 12,
          start_at: '2026-04-01T07:30:00.000Z',
        },
      },
    ]);
  });

  it('should refuse a bad form in Dutch before any call', async () => {
    const { fake, calls } = gateway();
    const rounds = createRoundUseCases({ gateway: fake, now });
    const result = await rounds.schedule(4, {
      unit: 'week',
      count: '',
      segmentId: '',
      startDay: '2026-02-01',
      startTime: '09:00',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields.interval_count).toBe('Kies een herhaling van 1 tot en met 12.');
      expect(result.fields.start_at).toBe('Het moment van de eerste ronde ligt in het verleden.');
    }
    expect(calls).toEqual([]);
  });
});
