import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { OneTimeLinkScreen } from './OneTimeLinkScreen';

/** /email-bevestigen/:token: the link in the mail to a new address; it becomes the login. */
export function ConfirmEmailChangeScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  return (
    <OneTimeLinkScreen
      title="Nieuw e-mailadres bevestigen"
      busyText="Bezig met bevestigen..."
      fallback="Deze bevestigingslink is ongeldig of verlopen."
      run={(token) => auth.confirmEmailChange(token)}
    />
  );
}

/**
 * /email-herstellen/:token: the link in the notice to the old address. It logs the account out
 * everywhere, so it waits for a click (a mail scanner opening the page changes nothing).
 */
export function UndoEmailChangeScreen() {
  const notices = useNotices();
  const auth = useInjection(TOKENS.AuthUseCases);
  return (
    <OneTimeLinkScreen
      title="Oud e-mailadres terugzetten"
      busyText="Bezig met terugzetten..."
      fallback="Deze link om je oude adres terug te zetten is ongeldig of verlopen."
      run={async (token) => {
        const result = await auth.undoEmailChange(token);
        // A session in this browser ended too, which leads to the login page: the toast goes along.
        if (result.ok) notices.success(result.value);
        return result;
      }}
      confirm={{
        text:
          'Je oude e-mailadres wordt weer je login en je wordt op al je apparaten uitgelogd. Deed je de wijziging ' +
          'niet zelf? Kies daarna meteen een nieuw wachtwoord.',
        button: 'Mijn oude adres terugzetten',
      }}
    />
  );
}
