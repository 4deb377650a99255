import { describe, expect, it } from 'vitest';
import type { Access } from './routeGuard';
import { ROUTE_ACCESS } from './routes';

// The route table of R-ACCESS-1, copied from docs/rules/access.md character for character.
const RULE_ROUTES: Record<Access, readonly string[]> = {
  public: [
    '/login',
    '/register',
    '/respond/:responseToken',
    '/forgot-password',
    '/reset-password/:token',
    '/privacy',
    '/cookiebeleid',
    '/verify/:token',
    '/billing/return',
  ],
  login: ['/onboarding', '/dashboard/abonnement'],
  onboarded: [
    '/dashboard',
    '/surveys',
    '/analytics',
    '/advanced-kpis',
    '/new-survey',
    '/survey/:id',
    '/survey/:id/edit',
    '/survey/:id/email-preview',
    '/survey/:id/preview',
    '/survey/:surveyId/question/:questionId',
    '/profiel',
    '/personalisatie',
    '/contacten',
    '/koppelingen/webhooks',
    '/bedrijfsanalyse',
    '/finance',
  ],
  admin: ['/admin', '/admin/billing'],
};

const table: Readonly<Record<string, { readonly access: Access; readonly allowTemplateManagers?: boolean }>> =
  ROUTE_ACCESS;

describe('ROUTE_ACCESS', () => {
  for (const [access, paths] of Object.entries(RULE_ROUTES)) {
    it.each(paths)(`should list %s as ${access}`, (path) => {
      expect(table[path]?.access).toBe(access);
    });
  }

  it('should list /privacybeleid as public (the cookie banner links to it)', () => {
    expect(table['/privacybeleid']?.access).toBe('public');
  });

  it('should guard /admin/logs as admin only (R-ACCESS-3)', () => {
    expect(table['/admin/logs']).toEqual({ access: 'admin' });
  });

  it('should admit the team screen after onboarding and an invitation link to anyone', () => {
    expect(table['/organisatie']).toEqual({ access: 'onboarded' });
    expect(table['/uitnodiging/:token']).toEqual({ access: 'public' });
    expect(table['/email-bevestigen/:token']).toEqual({ access: 'public' });
    expect(table['/email-herstellen/:token']).toEqual({ access: 'public' });
  });

  it('should open the unsubscribe link to anyone and sending invitations only after onboarding', () => {
    expect(table['/afmelden/:token']).toEqual({ access: 'public' });
    expect(table['/survey/:id/uitnodigen']).toEqual({ access: 'onboarded' });
  });

  it("should hold no route beyond R-ACCESS-1's table and the documented extras", () => {
    const known = new Set([
      ...Object.values(RULE_ROUTES).flat(),
      '/privacybeleid',
      '/admin/logs',
      '/organisatie',
      '/uitnodiging/:token',
      '/email-bevestigen/:token',
      '/email-herstellen/:token',
      '/afmelden/:token',
      '/survey/:id/uitnodigen',
      '/koppelingen',
    ]);
    expect(Object.keys(table).filter((path) => !known.has(path))).toEqual([]);
  });

  it("should open the route table's admin pages to template managers, and keep the platform log for admins", () => {
    expect(table['/admin']?.allowTemplateManagers).toBe(true);
    expect(table['/admin/billing']?.allowTemplateManagers).toBe(true);
    expect(table['/admin/logs']?.allowTemplateManagers).not.toBe(true);
  });

  it('should allow template managers only on admin routes', () => {
    const elsewhere = Object.entries(table).filter(
      ([, route]) => route.allowTemplateManagers && route.access !== 'admin',
    );
    expect(elsewhere).toEqual([]);
  });
});
