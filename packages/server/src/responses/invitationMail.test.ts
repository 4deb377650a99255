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

describe('invitationMail in the contact’s language', () => {
  it('should write an English mail wholly in English: subject, lang, button, date, both parts', () => {
    const mail = invitationMail(
      content({
        language: 'en',
        surveyTitle: 'Customer survey',
        recipientName: 'Emma',
        closeAt: new Date('2030-03-01T16:00:00Z'),
        unsubscribeUrl: 'https://loop.test/afmelden/t0k',
      }),
    );
    expect(mail.subject).toBe('Invitation: Customer survey');
    expect(mail.from).toBe('Bakkerij De Korf via Loop <no-reply@loop.test>');
    expect(mail.html).toContain('<html lang="en"><head>');
    expect(mail.html).not.toContain('rtl');
    expect(mail.html).toContain('>Fill in the survey</a>');
    expect(mail.html).toContain('You can respond until 1 March 2030 at 17:00.');
    expect(mail.text.split('\n\n').slice(0, 3)).toEqual([
      'Hello Emma,',
      "Bakkerij De Korf invites you to fill in the survey 'Customer survey'.",
      'It takes ± 3 minutes to fill in. You can respond until 1 March 2030 at 17:00.',
    ]);
    expect(mail.text).toContain('Fill in the survey:\nhttps://loop.test/respond/abc');
    expect(mail.text).toContain('Unsubscribe: https://loop.test/afmelden/t0k');
    // No Dutch word of the mail's own is left.
    for (const dutch of ['Survey invullen', 'Hallo', 'Afmelden<', 'Invullen duurt', ' je ', 'maart']) {
      expect(mail.html, dutch).not.toContain(dutch);
      expect(mail.text, dutch).not.toContain(dutch);
    }
    expect(invitationMail(content({ language: 'en', reminder: true })).subject).toBe(
      'Reminder: Klanttevredenheid',
    );
  });

  it('should write an Arabic mail right to left, aligned right in the inline styles', () => {
    const mail = invitationMail(
      content({ language: 'ar', surveyTitle: 'استبيان العملاء', closeAt: new Date('2030-03-01T16:00:00Z') }),
    );
    expect(mail.subject).toBe('دعوة: استبيان العملاء');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(
      '<td dir="rtl" style="padding:24px 32px 8px;direction:rtl;text-align:right">',
    );
    expect(mail.html).toContain('line-height:1.5;direction:rtl;text-align:right');
    expect(mail.html).toContain('>املأ الاستبيان</a>');
    // The written-out link stays left to right.
    expect(mail.html).toContain('<a href="https://loop.test/respond/abc" dir="ltr"');
    expect(mail.html).toMatch(/يمكنك الإجابة حتى 1 مارس 2030 /);
    expect(mail.text.startsWith('مرحبًا،\n\nلديك دعوة من Bakkerij De Korf')).toBe(true);
    expect(mail.text).toContain('املأ الاستبيان:\nhttps://loop.test/respond/abc');
  });

  it('should write the Dutch mail without a language, as it always was', () => {
    const dutch = invitationMail(content({ closeAt: new Date('2030-03-01T16:00:00Z') }));
    expect(invitationMail(content({ language: 'nl', closeAt: new Date('2030-03-01T16:00:00Z') }))).toEqual(
      dutch,
    );
    expect(dutch.html).toContain('<html lang="nl"><head>');
    expect(dutch.html).not.toContain('dir=');
    expect(dutch.html).not.toContain('text-align:right');
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
