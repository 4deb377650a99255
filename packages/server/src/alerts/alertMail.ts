import { type AlertText, alertFooter } from '@loop/core/surveys/alerts';
import { escapeHtml } from '../http/escapeHtml';
import type { OutboxMail } from '../outbox/outboxStore';

/** The survey's results page and its 'Meldingen' section, under APP_URL. */
export const surveyResultsUrl = (appUrl: string, surveyId: number): string =>
  `${appUrl.replace(/\/+$/, '')}/survey/${surveyId}`;
export const alertSettingsUrl = (appUrl: string, surveyId: number): string =>
  `${surveyResultsUrl(appUrl, surveyId)}/edit#meldingen`;

const LINK = /(https?:\/\/[^\s<>"']+)/g;

/** A line of our text as HTML: escaped, with its addresses as links. */
const htmlLine = (line: string): string =>
  escapeHtml(line).replace(LINK, (url) => `<a href="${url}">${url}</a>`);

/** The HTML part of an alert mail from its plain text: paragraphs, and '- ' lines as a list. */
export function alertHtml(text: string): string {
  const blocks = text.split('\n\n').map((block) => {
    const lines = block.split('\n');
    const items = lines.filter((line) => line.startsWith('- '));
    const rest = lines.filter((line) => !line.startsWith('- '));
    const paragraph = rest.length > 0 ? `<p>${rest.map(htmlLine).join('<br>')}</p>` : '';
    const list =
      items.length > 0
        ? `<ul>${items.map((item) => `<li>${htmlLine(item.slice(2))}</li>`).join('')}</ul>`
        : '';
    return paragraph + list;
  });
  return `<!doctype html><html lang="nl"><body style="font-family:sans-serif;line-height:1.5">${blocks.join('')}</body></html>`;
}

/** One alert or digest mail for the outbox, with the footer that says why it came (R-ALERT-1). */
export function alertOutboxMail(
  message: AlertText,
  mail: {
    readonly reference: string;
    readonly kind: 'response-alert' | 'alert-digest';
    readonly organizationId: number;
    readonly to: string;
    readonly settingsUrl: string;
  },
): OutboxMail {
  const text = `${message.text}\n\n${alertFooter(mail.settingsUrl)}`;
  return {
    reference: mail.reference,
    organizationId: mail.organizationId,
    kind: mail.kind,
    to: mail.to,
    subject: message.subject,
    text,
    html: alertHtml(text),
  };
}
