import type { RouteAccess } from './routeGuard';

/**
 * The route table of spec §2 with each route's access rule. The web app mounts a screen for the
 * routes whose feature has been built; the access rules live here so they are tested once.
 */
export const ROUTE_ACCESS = {
  '/login': { access: 'public' },
  '/register': { access: 'public' },
  '/respond/:responseToken': { access: 'public' },
  '/forgot-password': { access: 'public' },
  '/reset-password/:token': { access: 'public' },
  '/privacy': { access: 'public' },
  '/privacybeleid': { access: 'public' },
  '/cookiebeleid': { access: 'public' },
  '/verify/:token': { access: 'public' },
  '/billing/return': { access: 'public' },
  // Not in the spec's table: an invitation link from the teams feature, opened signed in or out.
  '/uitnodiging/:token': { access: 'public' },
  // Not in the spec's table: the links of an e-mail change, to the new and to the old address.
  '/email-bevestigen/:token': { access: 'public' },
  '/email-herstellen/:token': { access: 'public' },
  // Not in the spec's table: the unsubscribe link of survey invitations, opened signed out.
  '/afmelden/:token': { access: 'public' },
  '/onboarding': { access: 'login' },
  '/dashboard/abonnement': { access: 'login' },
  '/dashboard': { access: 'onboarded' },
  '/surveys': { access: 'onboarded' },
  '/analytics': { access: 'onboarded' },
  '/advanced-kpis': { access: 'onboarded' },
  '/new-survey': { access: 'onboarded' },
  '/survey/:id': { access: 'onboarded' },
  '/survey/:id/edit': { access: 'onboarded' },
  '/survey/:id/email-preview': { access: 'onboarded' },
  // Not in the spec's table: sending a survey to contacts, and its invitations' status.
  '/survey/:id/uitnodigen': { access: 'onboarded' },
  '/survey/:id/preview': { access: 'onboarded' },
  '/survey/:surveyId/question/:questionId': { access: 'onboarded' },
  '/profiel': { access: 'onboarded' },
  // Not in the spec's table: the organisation's team (members, roles, invitations).
  '/organisatie': { access: 'onboarded' },
  '/personalisatie': { access: 'onboarded' },
  '/contacten': { access: 'onboarded' },
  '/bedrijfsanalyse': { access: 'onboarded' },
  '/finance': { access: 'onboarded' },
  // The route table restricts /admin and /admin/billing to admins; §6 opens admin pages to
  // template managers. Every admin page reads platform-wide data the API gives admins only, so a
  // template manager let in would see two refusals: they manage templates on /new-survey and in the
  // editor instead, and no admin route admits them.
  '/admin': { access: 'admin' },
  '/admin/billing': { access: 'admin' },
  // The spec does not show this guard; the log is platform-wide, so admins only.
  '/admin/logs': { access: 'admin' },
} as const satisfies Record<string, RouteAccess>;

export type RoutePath = keyof typeof ROUTE_ACCESS;
