import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../session';
import { decideGuard, effectiveIsAdmin, fallbackPath, type GuardInput, type UserCheck } from './routeGuard';
import { ROUTE_ACCESS } from './routes';

const LOADING = { kind: 'loading' } as const;
const RENDER = { kind: 'render' } as const;
const to = (path: string) => ({ kind: 'redirect', to: path, replace: true }) as const;

const onboarded: UserCheck = { status: 'loaded', onboardingCompleted: true, canManageTemplates: false };
const notOnboarded: UserCheck = { status: 'loaded', onboardingCompleted: false, canManageTemplates: false };
const templateManager: UserCheck = { status: 'loaded', onboardingCompleted: true, canManageTemplates: true };

const input = (overrides: Partial<GuardInput>): GuardInput => ({
  route: ROUTE_ACCESS['/dashboard'],
  session: 'authenticated',
  isAdmin: false,
  user: onboarded,
  ...overrides,
});

describe('effectiveIsAdmin', () => {
  it('should be admin when the token says so', () => {
    expect(effectiveIsAdmin(true, false)).toBe(true);
  });

  it('should make a non-admin admin when debug_admin is set', () => {
    expect(effectiveIsAdmin(false, true)).toBe(true);
  });

  it('should not be admin without the token flag or debug_admin', () => {
    expect(effectiveIsAdmin(false, false)).toBe(false);
  });
});

describe('decideGuard', () => {
  describe('public routes', () => {
    it.each<SessionStatus>(['checking', 'anonymous', 'authenticated'])(
      'should render while the session is %s',
      (session) => {
        expect(
          decideGuard(input({ route: ROUTE_ACCESS['/login'], session, user: { status: 'loading' } })),
        ).toEqual(RENDER);
      },
    );
  });

  describe('protected routes', () => {
    it.each(['/onboarding', '/dashboard', '/admin'] as const)(
      'should show loading on %s while the session is checked',
      (path) => {
        expect(decideGuard(input({ route: ROUTE_ACCESS[path], session: 'checking' }))).toEqual(LOADING);
      },
    );

    it.each(['/onboarding', '/dashboard/abonnement', '/dashboard', '/admin', '/admin/billing'] as const)(
      'should redirect an anonymous user on %s to /login with replace',
      (path) => {
        expect(
          decideGuard(input({ route: ROUTE_ACCESS[path], session: 'anonymous', isAdmin: true })),
        ).toEqual(to('/login'));
      },
    );
  });

  describe('login routes', () => {
    it('should render /onboarding for a user who has not finished onboarding', () => {
      expect(decideGuard(input({ route: ROUTE_ACCESS['/onboarding'], user: notOnboarded }))).toEqual(RENDER);
    });

    it('should render /dashboard/abonnement without waiting for the user', () => {
      expect(
        decideGuard(input({ route: ROUTE_ACCESS['/dashboard/abonnement'], user: { status: 'loading' } })),
      ).toEqual(RENDER);
    });
  });

  describe('onboarded routes', () => {
    it('should show loading while the user is fetched', () => {
      expect(decideGuard(input({ user: { status: 'loading' } }))).toEqual(LOADING);
    });

    it('should redirect to /onboarding with replace when onboarding_completed is false', () => {
      expect(decideGuard(input({ user: notOnboarded }))).toEqual(to('/onboarding'));
    });

    it('should render for an onboarded user', () => {
      expect(decideGuard(input({ user: onboarded }))).toEqual(RENDER);
    });

    it('should still render when the user fetch failed', () => {
      expect(decideGuard(input({ user: { status: 'failed' } }))).toEqual(RENDER);
    });
  });

  describe('admin routes', () => {
    it('should render for an admin', () => {
      expect(decideGuard(input({ route: ROUTE_ACCESS['/admin/billing'], isAdmin: true }))).toEqual(RENDER);
    });

    it('should send a non-admin to /dashboard with replace', () => {
      expect(decideGuard(input({ route: ROUTE_ACCESS['/admin'] }))).toEqual(to('/dashboard'));
      expect(decideGuard(input({ route: ROUTE_ACCESS['/admin/billing'] }))).toEqual(to('/dashboard'));
    });

    it('should let a template manager into an admin page that allows template managers', () => {
      const open = { access: 'admin', allowTemplateManagers: true } as const;
      expect(decideGuard(input({ route: open, user: templateManager }))).toEqual(RENDER);
    });

    it('should let a template manager into /admin and /admin/billing, not into the platform log', () => {
      for (const path of ['/admin', '/admin/billing'] as const)
        expect(decideGuard(input({ route: ROUTE_ACCESS[path], user: templateManager }))).toEqual(RENDER);
      expect(decideGuard(input({ route: ROUTE_ACCESS['/admin/logs'], user: templateManager }))).toEqual(
        to('/dashboard'),
      );
    });

    it('should keep template rights false when the user fetch failed', () => {
      expect(decideGuard(input({ route: ROUTE_ACCESS['/admin'], user: { status: 'failed' } }))).toEqual(
        to('/dashboard'),
      );
    });

    it('should still render for an admin when the user fetch failed', () => {
      expect(
        decideGuard(input({ route: ROUTE_ACCESS['/admin'], isAdmin: true, user: { status: 'failed' } })),
      ).toEqual(RENDER);
    });

    it('should wait for the user before deciding', () => {
      expect(
        decideGuard(input({ route: ROUTE_ACCESS['/admin'], isAdmin: true, user: { status: 'loading' } })),
      ).toEqual(LOADING);
    });

    it('should send an admin who has not finished onboarding to /onboarding', () => {
      expect(
        decideGuard(input({ route: ROUTE_ACCESS['/admin'], isAdmin: true, user: notOnboarded })),
      ).toEqual(to('/onboarding'));
    });

    it('should let a non-admin with debug_admin pass', () => {
      const isAdmin = effectiveIsAdmin(false, true);
      expect(decideGuard(input({ route: ROUTE_ACCESS['/admin/billing'], isAdmin }))).toEqual(RENDER);
    });
  });
});

describe('fallbackPath', () => {
  it('should go to /dashboard when a token is stored', () => {
    expect(fallbackPath(true)).toBe('/dashboard');
  });

  it('should go to /login when no token is stored', () => {
    expect(fallbackPath(false)).toBe('/login');
  });
});
