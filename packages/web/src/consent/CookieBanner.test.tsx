import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ContainerProvider } from '../app/ContainerProvider';
import { button, click, render, unmountAll } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { CookieBanner } from './CookieBanner';

const mount = (app: ReturnType<typeof createTestApp>) =>
  render(
    <ContainerProvider container={app.container}>
      <Router hook={app.location.hook}>
        <CookieBanner />
      </Router>
    </ContainerProvider>,
  );

afterEach(unmountAll);

describe('CookieBanner', () => {
  it('should show the text, both policy links and both buttons while no choice is stored', async () => {
    const { container } = await mount(createTestApp());
    const banner = container.querySelector('.cookie-banner');
    expect(banner?.querySelector('p')?.textContent).toBe(
      'We gebruiken cookies om uw ervaring te verbeteren.',
    );
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/privacybeleid',
      '/cookiebeleid',
    ]);
    expect(button(container, 'Accepteren')).not.toBeNull();
    expect(button(container, 'Weigeren')).not.toBeNull();
  });

  it("should store 'accepted' and hide itself after 'Accepteren'", async () => {
    const app = createTestApp();
    const { container } = await mount(app);
    await click(button(container, 'Accepteren'));
    expect(app.storage.getItem('cookie_consent_app')).toBe('accepted');
    expect(container.querySelector('.cookie-banner')).toBeNull();
  });

  it("should store 'declined' and hide itself after 'Weigeren'", async () => {
    const app = createTestApp();
    const { container } = await mount(app);
    await click(button(container, 'Weigeren'));
    expect(app.storage.getItem('cookie_consent_app')).toBe('declined');
    expect(container.querySelector('.cookie-banner')).toBeNull();
  });

  it('should stay hidden once a choice is stored for this host', async () => {
    const { container } = await mount(createTestApp({ storage: { cookie_consent_app: 'declined' } }));
    expect(container.querySelector('.cookie-banner')).toBeNull();
  });

  it("should ask again on the public site, whose choice is kept apart from the app host's", async () => {
    const app = createTestApp({
      storage: { cookie_consent_app: 'accepted' },
      overrides: { Hostname: 'www.loop.nl', AppHost: 'app.loop.nl' },
    });
    const { container } = await mount(app);
    await click(button(container, 'Accepteren'));
    expect(app.storage.getItem('cookie_consent_site')).toBe('accepted');
  });
});
