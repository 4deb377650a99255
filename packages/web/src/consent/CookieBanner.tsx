import { type ConsentValue, shouldShowConsentBanner } from '@loop/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/** R-PRIV-1 cookie banner, fixed at the bottom until a choice is stored for this host. */
export function CookieBanner() {
  const store = useInjection(TOKENS.ConsentStore);
  const [choice, setChoice] = useState<ConsentValue | null>(() => store.read());
  const open = shouldShowConsentBanner(choice);

  // Keeps the end of the page reachable above the fixed banner.
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('has-consent-banner');
    return () => document.body.classList.remove('has-consent-banner');
  }, [open]);

  if (!open) return null;
  const choose = (value: ConsentValue) => {
    store.write(value);
    setChoice(value);
  };
  return (
    <section className="cookie-banner" aria-label="Cookies">
      <p>We gebruiken cookies om uw ervaring te verbeteren.</p>
      <p className="cookie-banner-links">
        <Link href="/privacybeleid">Privacybeleid</Link>
        <Link href="/cookiebeleid">Cookiebeleid</Link>
      </p>
      <div className="cookie-banner-actions">
        <button type="button" className="button" onClick={() => choose('accepted')}>
          Accepteren
        </button>
        <button type="button" className="button button-secondary" onClick={() => choose('declined')}>
          Weigeren
        </button>
      </div>
    </section>
  );
}
