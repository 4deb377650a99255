import { describe, expect, it } from 'vitest';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createRoundsGateway } from './createRoundsGateway';

describe('createRoundsGateway', () => {
  it('should PUT the schedule, POST an action and GET the rounds and their comparison', async () => {
    const { client, seen } = wireClient(() => jsonResponse(200, { schedule: null, rounds: [] }));
    const gateway = createRoundsGateway(client);
    const input = {
      interval_unit: 'week' as const,
      interval_count: 2,
      segment_id: null,
      start_at: '2026-12-01T08:00:00.000Z',
    };
    expect(await gateway.schedule(12, input)).toEqual({ ok: true, value: { schedule: null, rounds: [] } });
    await gateway.control(12, 'skip');
    await gateway.rounds(12);
    await gateway.comparison(12);
    expect(seen.map((request) => [request.method, request.url, request.body])).toEqual([
      ['PUT', 'https://api.loop.test/api/v1/surveys/12/rounds', input],
      ['POST', 'https://api.loop.test/api/v1/surveys/12/rounds/skip', undefined],
      ['GET', 'https://api.loop.test/api/v1/surveys/12/rounds', undefined],
      ['GET', 'https://api.loop.test/api/v1/surveys/12/rounds/comparison', undefined],
    ]);
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
  });
});
