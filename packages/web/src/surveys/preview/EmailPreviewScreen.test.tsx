import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { ContainerProvider } from '../../app/ContainerProvider';
import { json } from '../../testing/fakeApi';
import { button, click, render, unmountAll, waitFor } from '../../testing/render';
import { createTestApp } from '../../testing/testContainer';
import { EmailPreviewScreen } from './EmailPreviewScreen';

const MAIL = {
  subject: 'Uitnodiging: Tevredenheid',
  from: 'Acme BV via Loop <noreply@loop.example>',
  html: '<!doctype html><html><body><p>Beste collega,</p><a href="http://x/respond/voorbeeld">Start de survey</a><script>parent.hacked=1</script></body></html>',
  text: 'Beste collega,\n\nStart de survey: http://x/respond/voorbeeld',
  language: 'nl',
  languages: ['nl'],
};

const mount = (app: ReturnType<typeof createTestApp>) =>
  render(
    <ContainerProvider container={app.container}>
      <Router hook={app.location.hook}>
        <Route path="/survey/:id/email-preview">
          <EmailPreviewScreen />
        </Route>
      </Router>
    </ContainerProvider>,
  );

afterEach(unmountAll);

describe('EmailPreviewScreen', () => {
  it('should show sender, subject and the message in a frame where nothing can run', async () => {
    const app = createTestApp({
      path: '/survey/4/email-preview',
      routes: { 'GET /surveys/4/invitation-preview': () => json(200, MAIL) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    const headers = [...container.querySelectorAll('.mail-headers div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(headers).toEqual([
      ['Van', MAIL.from],
      ['Onderwerp', MAIL.subject],
    ]);
    const frame = container.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(MAIL.html);
    expect(frame.title).toBe('Bericht van de uitnodiging');
    expect(app.api.seen.map((r) => `${r.method} ${r.path}`)).toContain('GET /surveys/4/invitation-preview');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain(
      '/survey/4/edit',
    );
  });

  it('should switch to the plain-text version and back', async () => {
    const app = createTestApp({
      path: '/survey/4/email-preview',
      routes: { 'GET /surveys/4/invitation-preview': () => json(200, MAIL) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    await click(button(container, 'Platte tekst'));
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('pre')?.textContent).toBe(MAIL.text);
    expect(button(container, 'Platte tekst')?.getAttribute('aria-pressed')).toBe('true');
    await click(button(container, 'Opgemaakt'));
    expect(container.querySelector('iframe')).not.toBeNull();
  });

  it('should show the mail in each complete language of the survey, as a contact with it gets it', async () => {
    const english = { ...MAIL, subject: 'Invitation: Satisfaction', text: 'Dear colleague', language: 'en' };
    const app = createTestApp({
      path: '/survey/4/email-preview',
      routes: {
        'GET /surveys/4/invitation-preview': (request) =>
          json(200, {
            ...(request.path.endsWith('?lang=en') ? english : MAIL),
            languages: ['nl', 'en'],
          }),
      },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(button(container, 'Engels')).not.toBeNull());
    expect(container.querySelector('.mail-languages legend')?.textContent).toBe('Taal van de e-mail');
    expect(button(container, 'Nederlands')?.getAttribute('aria-pressed')).toBe('true');
    await click(button(container, 'Engels'));
    await waitFor(() =>
      expect(container.querySelector('.mail-headers div:last-child dd')?.textContent).toBe(english.subject),
    );
    expect(button(container, 'Engels')?.getAttribute('aria-pressed')).toBe('true');
    expect(app.api.seen.map((r) => r.path)).toContain('/surveys/4/invitation-preview?lang=en');
    await click(button(container, 'Nederlands'));
    await waitFor(() =>
      expect(container.querySelector('.mail-headers div:last-child dd')?.textContent).toBe(MAIL.subject),
    );
  });

  it('should offer no language choice for a survey in Dutch only', async () => {
    const app = createTestApp({
      path: '/survey/4/email-preview',
      routes: { 'GET /surveys/4/invitation-preview': () => json(200, MAIL) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(container.querySelector('iframe')).not.toBeNull());
    expect(container.querySelector('.mail-languages')).toBeNull();
  });

  it("should show the server's Dutch message for another organisation's survey", async () => {
    const app = createTestApp({ path: '/survey/9/email-preview' });
    const { container } = await mount(app);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toContain('Niet gevonden.'),
    );
    expect(container.querySelector('iframe')).toBeNull();
  });
});
