import { effectiveIsAdmin } from '@loop/core/access';
import { missingFeatureNote } from '@loop/core/billing';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { useFeature } from '../billing/useFeature';
import { useSubscription } from '../billing/useSubscription';
import { LoadFailed, Loading } from '../routing/Loading';
import { useSession } from '../session/useSession';
import { Page } from '../shell/Page';
import { useCan } from './useCan';
import { useCurrentUser } from './useCurrentUser';

// The board's code (KPI rules, cards, the survey services for the open surveys) loads with the
// organisation: a user without one sees the rest at once.
const DashboardBoard = lazy(() =>
  import('../kpis/DashboardBoard').then((module) => ({ default: module.DashboardBoard })),
);

/**
 * /dashboard: welcome, the organisation's board (quick actions, KPI cards, open surveys, or a start
 * for a new organisation), the current organisation with a switcher, and the areas that exist.
 */
export function DashboardScreen() {
  const notices = useNotices();
  const users = useInjection(TOKENS.CurrentUserStore);
  const debugAdmin = useInjection(TOKENS.DebugAdminFlag);
  const session = useSession();
  const { status, user, organisation } = useCurrentUser();
  const [choice, setChoice] = useState<string>('');
  const isAdmin = effectiveIsAdmin(session.isAdmin, debugAdmin.isOn());
  // Without the feature the branding card stays, saying which plans have it (the page explains).
  const branding = useFeature('branding');
  // Finance needs the plan feature analytics: its card shows only with it, as its menu item does.
  const finance = useFeature('analytics') === true;
  const can = useCan();
  // The business analysis needs 'business'; without it its page sends the user back here (R-ANALYSIS-1).
  const analysis = useFeature('business') === true && can('analysis.use');
  const { plans } = useSubscription();

  const organisations = user?.organizations ?? [];
  const selected = choice || String(organisation?.id ?? '');

  function switchOrganisation(event: FormEvent) {
    event.preventDefault();
    const next = organisations.find((o) => String(o.id) === selected);
    if (!next || next.id === organisation?.id) return;
    users.switchOrganisation(next);
    notices.success(`Je werkt nu in ${next.name}.`);
  }

  return (
    <Page title={user ? `Welkom, ${user.name}` : 'Welkom'} width="full">
      {status === 'failed' ? (
        <LoadFailed message="Je gegevens konden niet worden geladen." onRetry={() => void users.reload()} />
      ) : null}

      {organisation ? (
        <Suspense fallback={<Loading spinner />}>
          <DashboardBoard key={organisation.id} />
        </Suspense>
      ) : null}

      <section className="panel" aria-labelledby="organisation-heading">
        <h2 id="organisation-heading">Organisatie</h2>
        {organisation ? (
          <p>
            Je werkt nu in <strong>{organisation.name}</strong>.
          </p>
        ) : (
          <p>Je hoort nog niet bij een organisatie.</p>
        )}
        {organisations.length > 1 ? (
          <form className="inline-form" onSubmit={switchOrganisation}>
            <div className="field">
              <label htmlFor="organisation">Wissel van organisatie</label>
              <select id="organisation" value={selected} onChange={(e) => setChoice(e.target.value)}>
                {organisations.map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={selected === String(organisation?.id)}>
              Wisselen
            </button>
          </form>
        ) : null}
        <p>
          <Link href="/onboarding">Nieuwe organisatie aanmaken</Link>
        </p>
      </section>

      <nav aria-label="Onderdelen">
        <ul className="cards">
          <li>
            <Link href="/profiel" className="card">
              <span className="card-title">Profiel</span>
              <span className="card-text">Je naam, e-mailadres en wachtwoord.</span>
            </Link>
          </li>
          <li>
            <Link href="/dashboard/abonnement" className="card">
              <span className="card-title">Abonnement</span>
              <span className="card-text">Je plan, de functies die erbij horen en de andere plannen.</span>
            </Link>
          </li>
          {organisation ? (
            <li>
              <Link href="/personalisatie" className="card">
                <span className="card-title">Personalisatie</span>
                <span className="card-text">
                  Logo, achtergrond en huisstijlkleur van {organisation.name}.
                  {branding === false ? ` ${missingFeatureNote(plans, 'branding')}` : null}
                </span>
              </Link>
            </li>
          ) : null}
          {organisation && finance ? (
            <li>
              <Link href="/finance" className="card">
                <span className="card-title">Financiën</span>
                <span className="card-text">
                  Inkomsten, kosten, btw per kwartaal en bankafschriften van {organisation.name}.
                </span>
              </Link>
            </li>
          ) : null}
          {organisation && analysis ? (
            <li>
              <Link href="/bedrijfsanalyse" className="card">
                <span className="card-title">Bedrijfsanalyse</span>
                <span className="card-text">
                  Een analyse van de KPI's en surveys van {organisation.name}, als rapport, PDF of Markdown.
                </span>
              </Link>
            </li>
          ) : null}
          {isAdmin || user?.can_manage_templates === true ? (
            <li>
              <Link href="/admin" className="card">
                <span className="card-title">Beheer</span>
                <span className="card-text">
                  {isAdmin
                    ? 'Overzicht van alle gebruikers en organisaties.'
                    : 'De sjablonen van je organisatie beheren.'}
                </span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
    </Page>
  );
}
