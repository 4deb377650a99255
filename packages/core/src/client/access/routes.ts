import type { RouteAccess } from './routeGuard';

/**
 * The route table of R-ACCESS-1 with each route's access rule. The web app mounts a screen for the
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
  // Loop's own, beyond R-ACCESS-1: an invitation link from the teams feature, opened signed in or out.
  '/uitnodiging/:token': { access: 'public' },
  // Loop's own, beyond R-ACCESS-1: the links of an e-mail change, to the new and to the old address.
  '/email-bevestigen/:token': { access: 'public' },
  '/email-herstellen/:token': { access: 'public' },
  // Loop's own, beyond R-ACCESS-1: the unsubscribe link of survey invitations, opened signed out.
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
  // Loop's own, beyond R-ACCESS-1: sending a survey to contacts, and its invitations' status.
  '/survey/:id/uitnodigen': { access: 'onboarded' },
  '/survey/:id/preview': { access: 'onboarded' },
  '/survey/:surveyId/question/:questionId': { access: 'onboarded' },
  '/profiel': { access: 'onboarded' },
  // Loop's own, beyond R-ACCESS-1: the organisation's team (members, roles, invitations).
  '/organisatie': { access: 'onboarded' },
  '/personalisatie': { access: 'onboarded' },
  '/contacten': { access: 'onboarded' },
  // Loop's own, beyond R-ACCESS-1: the organisation's webhook endpoints (issue 28).
  '/koppelingen/webhooks': { access: 'onboarded' },
  '/bedrijfsanalyse': { access: 'onboarded' },
  '/finance': { access: 'onboarded' },
  // Loop's own, beyond R-ACCESS-1: the organisation's integrations (API keys, R-KEY-1).
  '/koppelingen': { access: 'onboarded' },
  // Pages restricted to admins are open to template managers too. The API keeps platform data for
  // admins, so these pages ask for it only as an admin: a template manager sees on /admin the
  // templates they manage and on /admin/billing a line saying it is for platform admins
  // (docs/decisions/access.md, 'Template managers on the admin pages').
  '/admin': { access: 'admin', allowTemplateManagers: true },
  '/admin/billing': { access: 'admin', allowTemplateManagers: true },
  // R-ACCESS-3: the log is platform-wide, so admins only.
  '/admin/logs': { access: 'admin' },
} as const satisfies Record<string, RouteAccess>;

export type RoutePath = keyof typeof ROUTE_ACCESS;
