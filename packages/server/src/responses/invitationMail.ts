import type { InvitationPreview } from '@loop/core';
import { brandPalette, DEFAULT_PRIMARY_COLOR } from '@loop/core/branding';
import type { ContactLanguage } from '@loop/core/contract';
import { INVITATION_MAIL_WORDS, invitationMailWords } from '@loop/core/invitations';
import { escapeHtml } from '../http/escapeHtml';
import { oneLine, parseMailFrom } from '../mail/mailFrom';

/** What an invitation says; the contacts issue sends it with each contact's own personal link. */
export interface InvitationContent {
  readonly organizationName: string;
  /** Absolute URL of the organisation's logo, or null (the name is shown instead). */
  readonly logoUrl: string | null;
  readonly primaryColor: string | null;
  readonly surveyTitle: string;
  /** Already sanitised with SURVEY_HTML_POLICY: it goes into the mail as it is. */
  readonly introductionHtml: string;
  readonly estimatedSeconds: number;
  readonly closeAt: Date | null;
  /** The respondent's personal link. */
  readonly link: string;
  /** MAIL_FROM: `Naam <adres>` or a bare address. */
  readonly mailFrom: string;
  /** The recipient's name for the greeting, when known. */
  readonly recipientName?: string;
  /** A reminder of an earlier invitation (another subject and opening line). */
  readonly reminder?: boolean;
  /** The web page where the recipient unsubscribes (`/afmelden/<token>`): a footer link when set. */
  readonly unsubscribeUrl?: string;
  /**
   * The language of the mail's own words (R-INV-5), Dutch when not set. Only a language the survey's
   * translation is complete in, whose title and introduction the content then holds (R-SURV-19).
   */
  readonly language?: ContactLanguage;
}

/** The mail's Dutch words (R-INV-5: every contact language in core's INVITATION_MAIL_WORDS). */
export const INVITATION_TEXTS = INVITATION_MAIL_WORDS.nl;

/**
 * The sender's display name: '<organisation> via <sender name>', the sender name MAIL_FROM's ('Loop'
 * when it has none), so recipients see who invites them while the mail comes from Loop's own
 * address and domain (SPF, DKIM). One line, whatever the organisation is called.
 */
export function invitationSenderName(mailFrom: string, organizationName: string): string {
  const senderName = parseMailFrom(mailFrom).name || 'Loop';
  const organization = oneLine(organizationName);
  return organization === '' ? senderName : `${organization} via ${senderName}`;
}

/**
 * The sender as the preview shows it: the display name on the configured address, quoted when it
 * holds characters RFC 5322 does not allow bare. (The mail itself gets the name and address apart,
 * and the mailer encodes them.)
 */
export function invitationSender(mailFrom: string, organizationName: string): string {
  const name = invitationSenderName(mailFrom, organizationName);
  const quoted = /^[\w !#$%&'*+/=?^`{|}~-]*$/.test(name) ? name : `"${name.replace(/(["\\])/g, '\\$1')}"`;
  return `${quoted} <${parseMailFrom(mailFrom).address}>`;
}

/** Decodes the few entities a serialised, sanitised fragment holds in its text. */
const decodeBasic = (text: string): string =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The plain-text form of sanitised survey HTML (only the policy's tags can occur): blocks become
 * paragraphs, list items get a dash, links keep their address in brackets.
 */
export function sanitizedHtmlToText(html: string): string {
  return decodeBasic(
    html
      .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
        label.replace(/<[^>]*>/g, '').trim() === decodeBasic(href) ? label : `${label} (${href})`,
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '- ')
      .replace(/<\/li>/gi, '\n')
      .replace(/<\/(p|h2|h3|h4|blockquote|ul|ol)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The invitation e-mail: subject, sender, a standalone HTML document and its plain-text part. */
export function invitationMail(
  content: InvitationContent,
): Omit<InvitationPreview, 'language' | 'languages'> {
  const texts = invitationMailWords(content.language);
  const rtl = texts.dir === 'rtl';
  const palette = brandPalette(content.primaryColor ?? DEFAULT_PRIMARY_COLOR);
  const subject = (content.reminder ? texts.reminderSubject : texts.subject)(oneLine(content.surveyTitle));
  const organization = content.organizationName;
  const invited = (content.reminder ? texts.reminded : texts.invited)(organization, content.surveyTitle);
  const unsubscribe = content.unsubscribeUrl ?? null;
  const duration = texts.duration(content.estimatedSeconds);
  const closes = content.closeAt === null ? null : texts.closes(content.closeAt);
  const introText = sanitizedHtmlToText(content.introductionHtml);
  const link = content.link;

  const text = [
    texts.greeting(content.recipientName),
    invited,
    ...(introText === '' ? [] : [introText]),
    closes === null ? duration : `${duration} ${closes}`,
    `${texts.button}:\n${link}`,
    texts.personal,
    texts.footer(organization),
    ...(unsubscribe === null
      ? []
      : [`${texts.unsubscribe(organization)} ${texts.unsubscribeLink}: ${unsubscribe}`]),
  ].join('\n\n');

  const e = escapeHtml;
  // Right to left (Arabic): `dir` on every block mail clients keep (some drop <html> and <body>),
  // and the alignment written out in the inline styles, for the clients that ignore `dir`.
  const dir = rtl ? ' dir="rtl"' : '';
  const align = rtl ? ';direction:rtl;text-align:right' : '';
  const paragraph = (html: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5${align}${style}">${html}</p>`;
  const header =
    content.logoUrl === null
      ? `<div style="font-size:20px;font-weight:bold;color:${palette.brandInk}">${e(organization)}</div>`
      : `<img src="${e(content.logoUrl)}" alt="${e(organization)}" height="48" style="display:block;height:48px;max-width:240px;border:0">`;
  const button =
    `<table role="presentation"${dir} cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px"><tr>` +
    `<td style="border-radius:6px;background:${palette.brand}">` +
    `<a href="${e(link)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;` +
    `color:${palette.onBrand};text-decoration:none;border-radius:6px">${e(texts.button)}</a></td></tr></table>`;
  const html = [
    '<!doctype html>',
    `<html lang="${texts.language}"${dir}><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937${align}">`,
    `<div style="display:none;max-height:0;overflow:hidden">${e(`${invited} ${duration}`)}</div>`,
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    `<table role="presentation"${dir} width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden${align}">`,
    `<tr><td style="height:6px;background:${palette.brand};font-size:0;line-height:0">&nbsp;</td></tr>`,
    `<tr><td${dir} style="padding:24px 32px 0${align}">${header}</td></tr>`,
    `<tr><td${dir} style="padding:24px 32px 8px${align}">`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:#111827${align}">${e(content.surveyTitle)}</h1>`,
    paragraph(e(texts.greeting(content.recipientName))),
    paragraph(e(invited)),
    content.introductionHtml === ''
      ? ''
      : `<div${dir} style="margin:0 0 16px;font-size:16px;line-height:1.5${align}">${content.introductionHtml}</div>`,
    paragraph(`<strong>${e(duration)}</strong>${closes === null ? '' : ` ${e(closes)}`}`),
    button,
    paragraph(
      `${e(texts.fallback)}<br><a href="${e(link)}"${rtl ? ' dir="ltr"' : ''} style="color:${palette.brandInk};word-break:break-all">${e(link)}</a>`,
      ';font-size:14px;color:#4b5563',
    ),
    paragraph(e(texts.personal), ';font-size:14px;color:#4b5563'),
    '</td></tr>',
    `<tr><td${dir} style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280${align}">${e(texts.footer(organization))}${
      unsubscribe === null
        ? ''
        : `<br>${e(texts.unsubscribe(organization))} <a href="${e(unsubscribe)}" style="color:#6b7280">${e(texts.unsubscribeLink)}</a>`
    }</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');

  return { subject, from: invitationSender(content.mailFrom, organization), html, text };
}
