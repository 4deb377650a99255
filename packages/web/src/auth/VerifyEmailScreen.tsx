import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { OneTimeLinkScreen } from './OneTimeLinkScreen';

/** /verify/:token: confirms the address once on arrival and says how it went. */
export function VerifyEmailScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  return (
    <OneTimeLinkScreen
      title="E-mailadres bevestigen"
      busyText="Bezig met bevestigen..."
      fallback="Deze bevestigingslink is ongeldig of verlopen."
      run={(token) => auth.verifyEmail(token)}
    />
  );
}
