import type { FeatureKey } from '@loop/core/features';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useFeature } from '../billing/useFeature';
import { useBranding } from '../branding/useBranding';
import { notify } from '../notifications/notify';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { useIsAdmin } from '../session/useIsAdmin';
import { useSession } from '../session/useSession';

/**
 * The areas one works in. The subscription is not among them: the dashboard's 'Mijn Abonnement'
 * card and every plan note link to it, and with KPI's and Financiën the menu of an admin on a paid
 * plan only fits one row at 1280 px without it (e2e/layout.test.ts). For the same reason the business
 * analysis is reached through its dashboard card: a tenth item took the admin's header to two rows.
 */
const NAV: ReadonlyArray<{ href: string; label: string; adminOnly: boolean; feature?: FeatureKey }> = [
  { href: '/dashboard', label: 'Dashboard', adminOnly: false },
  { href: '/surveys', label: 'Surveys', adminOnly: false },
  { href: '/analytics', label: 'Analytics', adminOnly: false, feature: 'analytics' },
  { href: '/advanced-kpis', label: 'KPI’s', adminOnly: false, feature: 'analytics' },
  { href: '/finance', label: 'Financiën', adminOnly: false, feature: 'analytics' },
  { href: '/organisatie', label: 'Organisatie', adminOnly: false },
  { href: '/profiel', label: 'Profiel', adminOnly: false },
  { href: '/personalisatie', label: 'Personalisatie', adminOnly: false, feature: 'branding' },
  { href: '/admin', label: 'Beheer', adminOnly: true },
];

/** '/surveys' stays current on a survey's own pages (`/survey/…`, `/new-survey`). */
const isCurrent = (location: string, href: string): boolean =>
  location === href ||
  (href === '/surveys' && (location.startsWith('/survey/') || location === '/new-survey'));

/** Logo (to /dashboard, spec §2), the main navigation for signed-in users, and 'Uitloggen'. */
export function Header() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const session = useSession();
  const isAdmin = useIsAdmin();
  const { user, organisation } = useCurrentUser();
  const { state: branding, view } = useBranding();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Menu items of features the plan lacks stay hidden, also while the plan is still being checked.
  const planFeatures: Partial<Record<FeatureKey, boolean>> = {
    branding: useFeature('branding') === true,
    analytics: useFeature('analytics') === true,
  };

  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location]);

  const signedIn = session.status === 'authenticated';
  const onboarded = signedIn && user?.onboarding_completed === true;
  const items = NAV.filter(
    (item) =>
      (!item.adminOnly || isAdmin) && (item.feature === undefined || planFeatures[item.feature] === true),
  );
  const logoAlt = view.hasOwnLogo && organisation ? `Logo van ${organisation.name}` : 'Loop';

  async function logout() {
    setLeaving(true);
    await auth.logout();
    setLeaving(false);
    notify.info('Je bent uitgelogd.');
  }

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/dashboard" className="brand-link" aria-label={`${logoAlt}, naar het dashboard`}>
          <img
            className={branding.status === 'loading' ? 'brand-logo is-loading' : 'brand-logo'}
            src={view.logoSrc}
            alt={logoAlt}
            height={40}
          />
        </Link>
        {signedIn ? (
          <>
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </button>
            <nav id="main-nav" className={menuOpen ? 'main-nav is-open' : 'main-nav'} aria-label="Hoofdmenu">
              {onboarded ? (
                <ul>
                  {items.map((item) => (
                    <li key={item.href}>
                      <Link
                        href={item.href}
                        aria-current={isCurrent(location, item.href) ? 'page' : undefined}
                      >
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {organisation && onboarded ? (
                <p className="nav-organisation" title={organisation.name}>
                  {organisation.name}
                </p>
              ) : null}
              <button type="button" className="button button-secondary" onClick={logout} disabled={leaving}>
                {leaving ? 'Bezig met uitloggen...' : 'Uitloggen'}
              </button>
            </nav>
          </>
        ) : null}
      </div>
    </header>
  );
}
