import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useBranding } from '../branding/useBranding';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { useSession } from '../session/useSession';

const MainNav = lazy(() => import('./MainNav').then((module) => ({ default: module.MainNav })));

/**
 * Logo (to /dashboard, R-BRAND-1) and, for signed-in users, the main navigation with 'Uitloggen'
 * (`MainNav`, loaded with the first signed-in page).
 */
export function Header() {
  const session = useSession();
  const { organisation } = useCurrentUser();
  const { state: branding, view } = useBranding();
  const logoAlt = view.hasOwnLogo && organisation ? `Logo van ${organisation.name}` : 'Loop';

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
        {session.status === 'authenticated' ? (
          <Suspense fallback={null}>
            <MainNav />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
