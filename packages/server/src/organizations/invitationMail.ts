import type { MemberRole } from '@loop/core';
import { formatDate } from '@loop/core/billing';
import { ROLE_LABELS } from '@loop/core/organisation';
import type { MailMessage } from '../mail/mailer';
import { render } from '../mail/messages';

/** The invitation into an organisation, to the invited address (who may have no account yet). */
export function invitationMail(invitation: {
  readonly to: string;
  readonly organizationName: string;
  readonly inviterName: string;
  readonly role: MemberRole;
  readonly link: string;
  readonly expiresAt: Date;
}): MailMessage {
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  return {
    to: invitation.to,
    subject: `Uitnodiging voor ${invitation.organizationName} op Loop`,
    kind: 'invitation',
    link: invitation.link,
    ...render({
      greeting: 'Hallo,',
      paragraphs: [
        `${invitation.inviterName} nodigt je uit om als ${role} mee te werken in ${invitation.organizationName} op Loop, ` +
          'het platform voor surveys en feedback.',
        'Heb je nog geen account? Dan maak je er met deze link een aan met dit e-mailadres. Heb je er al een? ' +
          'Log dan in met dit adres om de uitnodiging te accepteren.',
        `De link werkt één keer en is geldig tot ${formatDate(invitation.expiresAt.toISOString())}.`,
      ],
      action: { label: 'Uitnodiging bekijken', url: invitation.link },
      closing: 'Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.',
    }),
  };
}
