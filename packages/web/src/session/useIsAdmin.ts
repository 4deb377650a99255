import { effectiveIsAdmin } from '@loop/core/access';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useSession } from './useSession';

/** Whether the signed-in user has admin rights on the client (the token's is_admin or debug_admin). */
export function useIsAdmin(): boolean {
  const debugAdmin = useInjection(TOKENS.DebugAdminFlag);
  const session = useSession();
  return effectiveIsAdmin(session.isAdmin, debugAdmin.isOn());
}
