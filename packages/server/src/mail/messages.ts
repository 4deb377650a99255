import { escapeHtml } from '../http/escapeHtml';
import type { MailMessage } from './mailer';

/** A mail's content, rendered the same way as plain text and as HTML. */
export interface Body {
  readonly greeting: string;
  readonly paragraphs: readonly string[];
  readonly action?: { readonly label: string; readonly url: string };
  readonly extraLinks?: ReadonlyArray<{ readonly label: string; readonly url: string }>;
  readonly closing: string;
}

const SIGNATURE = 'Met vriendelijke groet,\nHet Loop-team';

/** Plain text and HTML of one mail; every value is escaped in the HTML. */
export function render(body: Body): { text: string; html: string } {
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

export const greet = (name: string) => `Hallo ${name},`;

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

/** To the new address: confirm it before it becomes the login. */
export function emailChangeConfirmMail(to: Recipient, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Bevestig je nieuwe e-mailadres voor Loop',
    kind: 'email-change-confirm',
    link,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        'Je wilt dit adres gebruiken voor je Loop-account. Bevestig het met de knop hieronder; daarna log je ' +
          'met dit adres in. Tot dan blijft je oude adres gelden.',
        'De link is 24 uur geldig en werkt één keer.',
      ],
      action: { label: 'Nieuw e-mailadres bevestigen', url: link },
      closing: 'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; er verandert niets.',
    }),
  };
}

/** To the old address once the change took effect, with the way back. */
export function emailChangedMail(to: Recipient, newEmail: string, undoLink: string): MailMessage {
  return {
    to: to.email,
    subject: 'Het e-mailadres van je Loop-account is gewijzigd',
    kind: 'email-changed',
    link: undoLink,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        `Het e-mailadres van je Loop-account is gewijzigd in ${newEmail}. Je logt voortaan met dat adres in.`,
        'Was jij dit niet? Zet dan je oude adres terug met de knop hieronder: je wordt overal uitgelogd en ' +
          'kiest daarna een nieuw wachtwoord. De link is 7 dagen geldig.',
      ],
      action: { label: 'Mijn oude adres terugzetten', url: undoLink },
      closing: 'Deze melding sturen we voor je veiligheid naar je oude adres.',
    }),
  };
}

/** To the owner of an address someone tried to move another account to; nothing was changed. */
export function emailTakenMail(to: Recipient): MailMessage {
  return {
    to: to.email,
    subject: 'Iemand wilde dit e-mailadres gebruiken voor Loop',
    kind: 'email-taken',
    link: null,
    ...render({
      greeting: greet(to.name),
      paragraphs: [
        'Iemand probeerde dit e-mailadres aan een ander Loop-account te koppelen. Dat kan niet: het hoort bij ' +
          'jouw account, en er is niets gewijzigd.',
      ],
      closing: 'Was jij dit zelf? Dan gebruik je gewoon je bestaande account.',
    }),
  };
}

/** The links in mails point at the web app's public routes (R-ACCESS-1). */
export const mailLinks = (appUrl: string) => ({
  verify: (token: string) => `${appUrl}/verify/${token}`,
  reset: (token: string) => `${appUrl}/reset-password/${token}`,
  login: () => `${appUrl}/login`,
  forgotPassword: () => `${appUrl}/forgot-password`,
  invitation: (token: string) => `${appUrl}/uitnodiging/${token}`,
  confirmEmailChange: (token: string) => `${appUrl}/email-bevestigen/${token}`,
  undoEmailChange: (token: string) => `${appUrl}/email-herstellen/${token}`,
});
