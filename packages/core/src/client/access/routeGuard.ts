import type { SessionStatus } from '../../domain/api';

/** Who may open a route (R-ACCESS-1 route table, R-ACCESS-2). */
export type Access = 'public' | 'login' | 'onboarded' | 'admin';

export interface RouteAccess {
  readonly access: Access;
  /** Admin pages that template managers may open too (R-ACCESS-2). */
  readonly allowTemplateManagers?: boolean;
}

/** What the route guard needs to know of the user; the account's `toUserCheck` makes it. */
export type UserCheck =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | {
      readonly status: 'loaded';
      readonly onboardingCompleted: boolean;
      readonly canManageTemplates: boolean;
    };

export interface GuardInput {
  readonly route: RouteAccess;
  readonly session: SessionStatus;
  /** Admin after the debug_admin override. */
  readonly isAdmin: boolean;
  readonly user: UserCheck;
}

export type GuardDecision =
  | { readonly kind: 'loading' }
  | { readonly kind: 'render' }
  | { readonly kind: 'redirect'; readonly to: string; readonly replace: boolean };

const LOADING: GuardDecision = { kind: 'loading' };
const RENDER: GuardDecision = { kind: 'render' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to, replace: true });

/** The debug_admin flag forces admin rights on the client only (R-ACCESS-7). */
export const effectiveIsAdmin = (tokenIsAdmin: boolean, debugAdmin: boolean): boolean =>
  tokenIsAdmin || debugAdmin;

/**
 * The route guard (R-ACCESS-5, R-ACCESS-2): loading while the session or user is checked, /login for the
 * unauthenticated, /onboarding (replace) when onboarding is unfinished, /dashboard for non-admins on
 * admin pages. A failed user fetch still renders (template rights then stay false).
 */
export function decideGuard({ route, session, isAdmin, user }: GuardInput): GuardDecision {
  if (route.access === 'public') return RENDER;
  if (session === 'checking') return LOADING;
  if (session === 'anonymous') return redirect('/login');
  if (route.access === 'login') return RENDER;
  if (user.status === 'loading') return LOADING;
  if (user.status === 'loaded' && !user.onboardingCompleted) return redirect('/onboarding');
  if (route.access === 'onboarded') return RENDER;
  const templateManager = user.status === 'loaded' && user.canManageTemplates;
  if (isAdmin || (route.allowTemplateManagers === true && templateManager)) return RENDER;
  return redirect('/dashboard');
}

/** Any other path: the dashboard when a token is stored, otherwise the login screen (R-ACCESS-4). */
export const fallbackPath = (hasStoredToken: boolean): '/dashboard' | '/login' =>
  hasStoredToken ? '/dashboard' : '/login';
