import { describe, expect, it } from 'vitest';
import { jsonResponse as json, type WireRequest, wireClient } from '../testing/wireClient';
import { createApiKeysGateway } from './createApiKeysGateway';

describe('createApiKeysGateway', () => {
  it('should list, make and revoke the organisation’s API keys', async () => {
    const { client, seen } = wireClient(() => json(200, []), 'https://api.loop.nl');
    const gateway = createApiKeysGateway(client);
    await gateway.list();
    await gateway.create({ name: 'BI', scopes: ['surveys:read'], expires_on: '2026-12-31' });
    await gateway.revoke(4);
    expect(seen.map((s: WireRequest) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.loop.nl/api/v1/api-keys',
      'POST https://api.loop.nl/api/v1/api-keys',
      'POST https://api.loop.nl/api/v1/api-keys/4/revoke',
    ]);
    expect(seen[1]?.body).toEqual({ name: 'BI', scopes: ['surveys:read'], expires_on: '2026-12-31' });
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
  });
});
