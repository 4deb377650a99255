import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { TOKENS } from '../app/tokens';
import { CookieBanner } from '../consent/CookieBanner';
import { Toasts } from '../notifications/Toasts';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { useSession } from '../session/useSession';
import { useSessionSync } from '../session/useSessionSync';
import { BrandTheme } from './BrandTheme';
import { Header } from './Header';

/** The frame of every screen: skip link, header, main landmark, footer, toasts and cookie banner. */
export function AppShell({ children }: { children: ReactNode }) {
  const users = useInjection(TOKENS.CurrentUserStore);
  const brandingStore = useInjection(TOKENS.BrandingStore);
  const session = useSession();
  const { status: userStatus, organisation } = useCurrentUser();
  const [location] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useSessionSync();

  const signedIn = session.status === 'authenticated';
  useEffect(() => {
    if (signedIn && userStatus === 'idle') void users.ensureLoaded();
  }, [signedIn, userStatus, users]);

  // The branding follows the current organisation; switching organisations loads the new one.
  const organisationId = organisation?.id ?? null;
  useEffect(() => {
    if (signedIn && organisationId !== null) void brandingStore.load(organisationId);
  }, [signedIn, organisationId, brandingStore]);

  // After a client-side navigation, focus moves to the new content so screen readers start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: false });
  }, [location]);

  return (
    <>
      <a className="skip-link" href="#main">
        Naar de inhoud
      </a>
      <BrandTheme />
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
      </main>
      <footer className="site-footer">
        <Link href="/privacybeleid">Privacybeleid</Link>
        <Link href="/cookiebeleid">Cookiebeleid</Link>
        <span>© Loop</span>
      </footer>
      <Toasts />
      <CookieBanner />
    </>
  );
}
