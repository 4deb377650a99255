import type { MailMessage } from './mailer';

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

interface Body {
  readonly greeting: string;
  readonly paragraphs: readonly string[];
  readonly action?: { readonly label: string; readonly url: string };
  readonly extraLinks?: ReadonlyArray<{ readonly label: string; readonly url: string }>;
  readonly closing: string;
}

const SIGNATURE = 'Met vriendelijke groet,\nHet Loop-team';

function render(body: Body): { text: string; html: string } {
  const links = [...(body.action ? [body.action] : []), ...(body.extraLinks ?? [])];
  const text = [
    body.greeting,
    ...body.paragraphs,
    ...links.map((link) => `${link.label}:\n${link.url}`),
    body.closing,
    SIGNATURE,
  ].join('\n\n');

  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const button = body.action
    ? paragraph(
        `<a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:10px 18px;` +
          `background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a>`,
      )
    : '';
  const linkList = links
    .map((link) =>
      paragraph(
        `${escapeHtml(link.label)}:<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a>`,
      ),
    )
    .join('\n');
  const html = [
    '<!doctype html><html lang="nl"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    paragraph(escapeHtml(body.greeting)),
    ...body.paragraphs.map((text) => paragraph(escapeHtml(text))),
    button,
    linkList,
    paragraph(escapeHtml(body.closing)),
    paragraph(escapeHtml(SIGNATURE).replace('\n', '<br>')),
    '</div></body></html>',
  ].join('\n');
  return { text, html };
}

interface Recipient {
  readonly name: string;
  readonly email: string;
}

const greet = (name: string) => `Hallo ${name},`;

export function verificationMail(to: Recipient, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Bevestig je e-mailadres voor Loop',
    kind: 'verify',
    link,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        'Welkom bij Loop! Bevestig je e-mailadres om je account te activeren.',
        'De link is 48 uur geldig en werkt één keer.',
      ],
      action: { label: 'E-mailadres bevestigen', url: link },
      closing: 'Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.',
    }),
  };
}

export function accountExistsMail(
  to: Recipient,
  links: { readonly login: string; readonly reset: string },
): MailMessage {
  return {
    to: to.email,
    subject: 'Je hebt al een Loop-account',
    kind: 'account-exists',
    link: links.login,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        'Iemand probeerde een nieuw Loop-account aan te maken met dit e-mailadres, maar je hebt al een account.',
        'Log in met je bestaande account. Weet je je wachtwoord niet meer? Stel dan een nieuw wachtwoord in.',
      ],
      action: { label: 'Inloggen', url: links.login },
      extraLinks: [{ label: 'Wachtwoord vergeten', url: links.reset }],
      closing: 'Was jij dit niet? Dan hoef je niets te doen; je account is niet gewijzigd.',
    }),
  };
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Stel een nieuw wachtwoord in voor Loop',
    kind: 'reset',
    link,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        'We kregen een verzoek om het wachtwoord van je Loop-account opnieuw in te stellen.',
        'De link is 1 uur geldig en werkt één keer. Na het wijzigen word je op al je apparaten uitgelogd.',
      ],
      action: { label: 'Nieuw wachtwoord instellen', url: link },
      closing: 'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.',
    }),
  };
}

export function emailChangedMail(to: Recipient, newEmail: string): MailMessage {
  return {
    to: to.email,
    subject: 'Het e-mailadres van je Loop-account is gewijzigd',
    kind: 'email-changed',
    link: null,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        `Het e-mailadres van je Loop-account is gewijzigd in ${newEmail}.`,
        'Was jij dit niet? Neem dan direct contact op met de beheerder van je organisatie.',
      ],
      closing: 'Deze melding sturen we voor je veiligheid naar je oude adres.',
    }),
  };
}

/** The links in mails point at the web app's public routes (spec §2). */
export const mailLinks = (appUrl: string) => ({
  verify: (token: string) => `${appUrl}/verify/${token}`,
  reset: (token: string) => `${appUrl}/reset-password/${token}`,
  login: () => `${appUrl}/login`,
  forgotPassword: () => `${appUrl}/forgot-password`,
});
