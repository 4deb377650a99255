import { decideGuard, effectiveIsAdmin, ROUTE_ACCESS, type RoutePath } from '@loop/core/access';
import { toUserCheck } from '@loop/core/account';
import { type ReactNode, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { useSession } from '../session/useSession';
import { Loading } from './Loading';

/**
 * Wraps a route's screen in core's guard decision (R-ACCESS-5, R-ACCESS-2): 'Bezig met laden...' while the
 * session or user is checked, a replacing redirect when the route is not for this user.
 */
export function RouteGuard({ route, children }: { route: RoutePath; children: ReactNode }) {
  const keeper = useInjection(TOKENS.SessionKeeper);
  const users = useInjection(TOKENS.CurrentUserStore);
  const debugAdmin = useInjection(TOKENS.DebugAdminFlag);
  const session = useSession();
  const user = useCurrentUser();
  const [location] = useLocation();

  // Once per navigation: cheap unless the access token is close to expiry, then it refreshes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `location` is the trigger, not an input
  useEffect(() => {
    void keeper.check();
  }, [keeper, location]);

  const access = ROUTE_ACCESS[route];
  const needsUser = access.access !== 'public' && session.status === 'authenticated';
  useEffect(() => {
    if (needsUser && user.status === 'idle') void users.ensureLoaded();
  }, [needsUser, user.status, users]);

  const decision = decideGuard({
    route: access,
    session: session.status,
    isAdmin: effectiveIsAdmin(session.isAdmin, debugAdmin.isOn()),
    user: toUserCheck(user),
  });
  if (decision.kind === 'loading') return <Loading />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace={decision.replace} />;
  return <>{children}</>;
}
