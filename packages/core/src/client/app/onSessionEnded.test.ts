import { describe, expect, it } from 'vitest';
import type { FeatureStore } from '../../domain/features';
import type { OrganisationStore } from '../../domain/organisation';
import { createSessionEndedHandler } from './onSessionEnded';

describe('createSessionEndedHandler', () => {
  const setUp = () => {
    const events: string[] = [];
    const organisations: OrganisationStore = {
      read: () => ({ id: '7', name: 'Acme' }),
      write: () => events.push('organisations.write'),
      clear: () => events.push('organisations.clear'),
    };
    const features: FeatureStore = {
      read: () => ['core'],
      write: () => events.push('features.write'),
      clear: () => events.push('features.clear'),
    };
    const navigations: Array<{ path: string; replace: boolean }> = [];
    const handler = createSessionEndedHandler({
      organisations,
      features,
      forget: () => events.push('forget'),
      navigate: (path, { replace }) => {
        events.push('navigate');
        navigations.push({ path, replace });
      },
    });
    return { handler, events, navigations };
  };

  it('should clear the organisation and feature stores and forget per-user data', () => {
    const { handler, events } = setUp();
    handler('revoked');
    expect(events).toContain('organisations.clear');
    expect(events).toContain('features.clear');
    expect(events).toContain('forget');
    expect(events).not.toContain('organisations.write');
    expect(events).not.toContain('features.write');
  });

  it('should navigate to /login with replace after forgetting', () => {
    const { handler, events, navigations } = setUp();
    handler('signed-out');
    expect(navigations).toEqual([{ path: '/login', replace: true }]);
    expect(events.at(-1)).toBe('navigate');
  });

  it.each(['signed-out', 'refresh-failed', 'revoked', 'undecodable', 'tokens-removed'] as const)(
    'should do the same for reason %s',
    (reason) => {
      const { handler, events } = setUp();
      handler(reason);
      expect(events).toEqual(['organisations.clear', 'features.clear', 'forget', 'navigate']);
    },
  );
});
