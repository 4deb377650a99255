import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { Form } from '../forms/Form';
import { useForm } from '../forms/useForm';
import { Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { useCurrentUser } from './useCurrentUser';

/** R-ACCESS-8: what onboarding shows while it checks the user (note the ellipsis character). */
export const ONBOARDING_LOADING_TEXT = 'Bezig met laden…';

/** /onboarding: creates the user's (first or next) organisation, then on to the dashboard. */
export function OnboardingScreen() {
  const notices = useNotices();
  const users = useInjection(TOKENS.CurrentUserStore);
  const { status, user } = useCurrentUser();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');

  // A failed fetch is logged by the store and otherwise ignored (R-ACCESS-8): the form still shows.
  useEffect(() => {
    void users.ensureLoaded();
  }, [users]);

  const form = useForm({
    action: () => users.createOrganisation(name),
    onSuccess: (organisation) => {
      notices.success(`Organisatie ${organisation.name} is aangemaakt.`);
      navigate('/dashboard', { replace: true });
    },
  });

  if (status === 'idle' || status === 'loading') return <Loading text={ONBOARDING_LOADING_TEXT} />;

  const first = !user?.onboarding_completed;
  return (
    <Page
      title={first ? 'Welkom bij Loop' : 'Nieuwe organisatie'}
      width="narrow"
      lead={
        first
          ? "Maak eerst je organisatie aan. Daarin verzamel je straks feedback, samen met je collega's."
          : 'Maak nog een organisatie aan. Je kunt daarna op het dashboard tussen je organisaties wisselen.'
      }
    >
      <Form form={form} submit="Organisatie aanmaken" busyLabel="Bezig met aanmaken...">
        <Field
          id="name"
          label="Naam van je organisatie"
          autoComplete="organization"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={form.fields.name}
        />
      </Form>
      {first ? null : (
        <p className="form-links">
          <Link href="/dashboard">Terug naar het dashboard</Link>
        </p>
      )}
    </Page>
  );
}
