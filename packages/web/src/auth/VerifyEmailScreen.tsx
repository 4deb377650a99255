import { formOk } from '@loop/core';
import { useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { OneTimeLinkScreen } from './OneTimeLinkScreen';

/**
 * /verify/:token: confirms the address once on arrival. The browser that registered is signed in
 * and goes on to the app; anywhere else the login screen opens with the address filled in
 * (docs/decisions/auth.md, 'Signed in by the confirmation link').
 */
export function VerifyEmailScreen() {
  const notices = useNotices();
  const auth = useInjection(TOKENS.AuthUseCases);
  const [, navigate] = useLocation();
  return (
    <OneTimeLinkScreen
      title="E-mailadres bevestigen"
      busyText="Bezig met bevestigen..."
      fallback="Deze bevestigingslink is ongeldig of verlopen."
      run={async (token) => {
        const result = await auth.verifyEmail(token);
        if (!result.ok) return result;
        if (result.value.signedIn) {
          notices.success(result.value.detail);
          // The guard sends a user without an organisation on to /onboarding.
          navigate('/dashboard', { replace: true });
        } else {
          navigate('/login', { replace: true });
        }
        return formOk(result.value.detail);
      }}
    />
  );
}
