import { describe, expect, it } from 'vitest';
import {
  INVITATION_TEXTS,
  type InvitationContent,
  invitationMail,
  invitationSender,
  sanitizedHtmlToText,
} from './invitationMail';

const content = (overrides: Partial<InvitationContent> = {}): InvitationContent => ({
  organizationName: 'Bakkerij De Korf',
  logoUrl: null,
  primaryColor: null,
  surveyTitle: 'Klanttevredenheid',
  introductionHtml: '',
  estimatedSeconds: 150,
  closeAt: null,
  link: 'https://loop.test/respond/abc',
  mailFrom: 'Loop <no-reply@loop.test>',
  ...overrides,
});

describe('invitationMail', () => {
  it('should write a reminder with its own subject and opening, and the unsubscribe link in the footer', () => {
    const mail = invitationMail(
      content({ reminder: true, recipientName: 'Anna', unsubscribeUrl: 'https://loop.test/afmelden/t0k' }),
    );
    expect(mail.subject).toBe('Herinnering: Klanttevredenheid');
    expect(mail.text).toContain(INVITATION_TEXTS.reminded('Bakkerij De Korf', 'Klanttevredenheid'));
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain(
      'Wil je geen uitnodigingen van Bakkerij De Korf meer ontvangen? Afmelden: https://loop.test/afmelden/t0k',
    );
    expect(mail.html).toContain(
      '<a href="https://loop.test/afmelden/t0k" style="color:#6b7280">Afmelden</a>',
    );
    const plain = invitationMail(content());
    expect(plain.html).not.toContain('Afmelden');
    expect(plain.subject).toBe('Uitnodiging: Klanttevredenheid');
  });

  it('should write subject, sender, the estimate and the button in both parts', () => {
    const mail = invitationMail(content());
    expect(mail.subject).toBe('Uitnodiging: Klanttevredenheid');
    expect(mail.from).toBe('Bakkerij De Korf via Loop <no-reply@loop.test>');
    expect(mail.html).toContain('Invullen duurt ± 3 minuten.');
    expect(mail.text).toContain('Invullen duurt ± 3 minuten.');
    expect(mail.html).toContain('<a href="https://loop.test/respond/abc"');
    expect(mail.text).toContain(`${INVITATION_TEXTS.button}:\nhttps://loop.test/respond/abc`);
    expect(mail.text.startsWith('Hallo,\n\nBakkerij De Korf nodigt je uit')).toBe(true);
  });

  it('should escape every text it did not sanitise, titles and names included', () => {
    const mail = invitationMail(
      content({
        organizationName: '<img src=x onerror=alert(1)>',
        surveyTitle: '"><script>alert(1)</script>',
        link: 'https://loop.test/respond/a"onclick="x',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img src=x|"onclick/);
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://loop.test/respond/a&quot;onclick=&quot;x"');
  });

  it('should show the logo, else the name, and pick a readable text colour on the brand colour', () => {
    const withLogo = invitationMail(
      content({ logoUrl: 'https://loop.test/uploads/1/l.png', primaryColor: '#fde047' }),
    );
    expect(withLogo.html).toContain('<img src="https://loop.test/uploads/1/l.png" alt="Bakkerij De Korf"');
    expect(withLogo.html).toContain('background:#fde047');
    expect(withLogo.html).toContain('color:#111827;text-decoration:none');
    const dark = invitationMail(content({ primaryColor: '#1e3a8a' }));
    expect(dark.html).toContain('color:#ffffff;text-decoration:none');
    expect(dark.html).toContain('>Bakkerij De Korf</div>');
    expect(invitationMail(content({ primaryColor: 'red;background:url(x)' })).html).toContain(
      'background:#2563eb',
    );
  });

  it('should greet a known recipient and mention the close date', () => {
    const mail = invitationMail(
      content({ recipientName: 'Anna', closeAt: new Date('2030-03-01T16:00:00Z') }),
    );
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('Je kunt antwoorden tot 1 maart 2030 om 17:00.');
  });
});

describe('invitationSender', () => {
  it('should name the organisation on the configured address and quote where needed', () => {
    expect(invitationSender('no-reply@loop.test', 'Acme')).toBe('Acme via Loop <no-reply@loop.test>');
    expect(invitationSender('"Loop Enquêtes" <x@loop.test>', 'Acme, Inc.')).toBe(
      '"Acme, Inc. via Loop Enquêtes" <x@loop.test>',
    );
    expect(invitationSender('Loop <x@loop.test>', 'Zeg "hoi"')).toBe(
      '"Zeg \\"hoi\\" via Loop" <x@loop.test>',
    );
  });

  it('should keep the header on one line', () => {
    const from = invitationSender('Loop <x@loop.test>', 'Acme\r\nBcc: iedereen@voorbeeld.nl');
    expect(from).not.toMatch(/[\r\n]/);
  });
});

describe('sanitizedHtmlToText', () => {
  it('should turn the policy’s tags into plain text', () => {
    expect(
      sanitizedHtmlToText(
        '<h2>Kop</h2><p>Een &amp; twee<br>drie</p><ul><li>a</li><li>b</li></ul>' +
          '<p><a href="https://loop.test/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">lees</a> &lt;b&gt;</p>',
      ),
    ).toBe('Kop\n\nEen & twee\ndrie\n\n- a\n- b\n\nlees (https://loop.test/x?a=1&b=2) <b>');
  });
});
