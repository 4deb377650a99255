import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../api';
import type { ApiKey } from '../contract';
import { API_KEY_MESSAGES } from './apiKeyRules';
import { type ApiKeysGateway, apiKeyRow, createApiKeysUseCases } from './apiKeyUseCases';

const NOW = new Date('2026-03-10T12:00:00Z');

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 7,
  name: 'BI-koppeling',
  prefix: 'loop_ab12cd34',
  scopes: ['surveys:read', 'kpis:read'],
  created_at: '2026-03-01T09:00:00Z',
  created_by: { id: 1, name: 'Anna' },
  expires_at: null,
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
  ...overrides,
});

describe('apiKeyRow', () => {
  it('should say what the key may, who made it, until when and its last use', () => {
    expect(apiKeyRow(key({ expires_at: '2026-03-31T22:00:00Z' }), NOW)).toEqual({
      id: 7,
      name: 'BI-koppeling',
      prefix: 'loop_ab12cd34',
      scopes: ['Surveys lezen', "KPI's lezen"],
      created: '1 mrt. 2026 door Anna',
      expiry: 'Werkt t/m 31 mrt. 2026',
      lastUse: 'Nog niet gebruikt',
      status: 'active',
      statusText: 'Actief',
    });
    const used = apiKeyRow(key({ last_used_at: '2026-03-09T13:05:00Z', last_used_ip: '203.0.113.9' }), NOW);
    expect(used.lastUse).toBe('9 mrt. 2026, 14:05 vanaf 203.0.113.9');
    expect(used.expiry).toBe('Verloopt niet');
  });

  it('should mark revoked and expired keys, and a maker who is gone', () => {
    expect(apiKeyRow(key({ revoked_at: '2026-03-05T10:00:00Z' }), NOW).statusText).toBe('Ingetrokken');
    expect(apiKeyRow(key({ expires_at: '2026-03-09T23:00:00Z' }), NOW).status).toBe('expired');
    expect(apiKeyRow(key({ created_by: null }), NOW).created).toBe('1 mrt. 2026 door een verwijderd account');
  });
});

describe('createApiKeysUseCases', () => {
  const sent: unknown[] = [];
  const gateway: ApiKeysGateway = {
    list: async () => apiOk([key()]),
    create: async (request) => {
      sent.push(request);
      return apiOk({ api_key: key(), secret: 'loop_ab12cd34_secret' });
    },
    revoke: async () => apiFailure(404, API_KEY_MESSAGES.keyNotFound),
  };
  const useCases = createApiKeysUseCases({ gateway, now: () => NOW });

  it('should check the form before calling and keep the secret of a made key', async () => {
    const refused = await useCases.create({ name: '', scopes: ['surveys:read'], expiresOn: '' });
    expect(refused.ok).toBe(false);
    expect(sent).toEqual([]);
    const made = await useCases.create({ name: 'BI', scopes: ['surveys:read'], expiresOn: '2026-04-01' });
    expect(made.ok && made.value.secret).toBe('loop_ab12cd34_secret');
    expect(sent).toEqual([{ name: 'BI', scopes: ['surveys:read'], expires_on: '2026-04-01' }]);
  });

  it('should pass the server refusal on', async () => {
    expect(await useCases.revoke(7)).toEqual(apiFailure(404, API_KEY_MESSAGES.keyNotFound));
    const listed = await useCases.list();
    expect(listed.ok && listed.value[0]?.prefix).toBe('loop_ab12cd34');
  });
});
