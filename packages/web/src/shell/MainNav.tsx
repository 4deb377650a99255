import type { FeatureKey } from '@loop/core/features';
import type { Permission } from '@loop/core/organisation';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { useFeature } from '../billing/useFeature';
import { useCan } from '../organisation/useCan';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { useIsAdmin } from '../session/useIsAdmin';

/**
 * The areas one works in: the daily ones in the bar, the rest (the business analysis, one's
 * organisation, its subscription and one's profile, the house style, platform management) under
 * 'Meer', so the bar of an admin on a paid plan keeps one row at 1280 px with room to spare
 * (e2e/layout.test.ts). Every area is in the menu for whoever may use it, besides any dashboard card.
 */
interface NavItem {
  readonly href: string;
  readonly label: string;
  readonly adminOnly: boolean;
  readonly feature?: FeatureKey;
  readonly permission?: Permission;
}

const NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', adminOnly: false },
  { href: '/surveys', label: 'Surveys', adminOnly: false },
  { href: '/contacten', label: 'Contacten', adminOnly: false, permission: 'contacts.manage' },
  { href: '/analytics', label: 'Analyse', adminOnly: false, feature: 'analytics' },
  { href: '/advanced-kpis', label: "KPI's", adminOnly: false, feature: 'analytics' },
  { href: '/finance', label: 'Financiën', adminOnly: false, feature: 'analytics' },
];

/** Under 'Meer'. */
const MORE: readonly NavItem[] = [
  {
    href: '/bedrijfsanalyse',
    label: 'Bedrijfsanalyse',
    adminOnly: false,
    feature: 'business',
    permission: 'analysis.use',
  },
  { href: '/organisatie', label: 'Organisatie', adminOnly: false },
  { href: '/koppelingen', label: 'Koppelingen', adminOnly: false, permission: 'apiKeys.manage' },
  { href: '/dashboard/abonnement', label: 'Abonnement', adminOnly: false },
  { href: '/profiel', label: 'Profiel', adminOnly: false },
  { href: '/personalisatie', label: 'Personalisatie', adminOnly: false, feature: 'branding' },
  { href: '/admin', label: 'Beheer', adminOnly: true },
];

/** '/surveys' stays current on a survey's own pages (`/survey/…`, `/new-survey`). */
const isCurrent = (location: string, href: string): boolean =>
  location === href ||
  (href === '/surveys' && (location.startsWith('/survey/') || location === '/new-survey'));

/**
 * The main navigation of a signed-in user and 'Uitloggen'; on phones behind 'Menu'. Its own chunk:
 * the login and registration pages never load it (docs/architecture.md, Budgets).
 */
export function MainNav() {
  const notices = useNotices();
  const auth = useInjection(TOKENS.AuthUseCases);
  const isAdmin = useIsAdmin();
  const can = useCan();
  const { user, organisation } = useCurrentUser();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Menu items of features the plan lacks stay hidden, also while the plan is still being checked.
  const planFeatures: Partial<Record<FeatureKey, boolean>> = {
    branding: useFeature('branding') === true,
    analytics: useFeature('analytics') === true,
    business: useFeature('business') === true,
  };

  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location]);

  const onboarded = user?.onboarding_completed === true;
  // Template managers may open 'Beheer' too (the templates they manage).
  const offered = (item: NavItem) =>
    (!item.adminOnly || isAdmin || user?.can_manage_templates === true) &&
    (item.feature === undefined || planFeatures[item.feature] === true) &&
    (item.permission === undefined || can(item.permission));
  const items = NAV.filter(offered);
  const more = MORE.filter(offered);

  async function logout() {
    setLeaving(true);
    await auth.logout();
    setLeaving(false);
    notices.info('Je bent uitgelogd.');
  }

  return (
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
                <NavLink item={item} location={location} />
              </li>
            ))}
            {more.length > 0 ? (
              <li>
                <MoreMenu items={more} location={location} />
              </li>
            ) : null}
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
  );
}

function NavLink({ item, location }: { item: NavItem; location: string }) {
  return (
    <Link href={item.href} aria-current={isCurrent(location, item.href) ? 'page' : undefined}>
      {item.label}
    </Link>
  );
}

/**
 * 'Meer': a disclosure (a button with aria-expanded and the list it shows). Escape closes it and puts
 * focus back on the button; so do a click elsewhere and focus moving out of it; a followed link
 * closes it with the page change.
 */
function MoreMenu({ items, location }: { items: readonly NavItem[]; location: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const current = items.some((item) => isCurrent(location, item.href));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the menu closes it; the controls inside are the button and links
    <div
      ref={wrapper}
      className="nav-more"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
      onBlur={(event) => {
        const to = event.relatedTarget as Node | null;
        if (open && to !== null && !wrapper.current?.contains(to)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={current ? 'nav-more-toggle is-current' : 'nav-more-toggle'}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((was) => !was)}
      >
        Meer <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul id={`${id}-list`} className="nav-more-list" hidden={!open}>
        {items.map((item) => (
          <li key={item.href}>
            <NavLink item={item} location={location} />
          </li>
        ))}
      </ul>
    </div>
  );
}
