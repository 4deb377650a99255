import { describe, expect, it } from 'vitest';
import type { SurveyInvitation } from '../contract';
import { invitationRow, sendingState, sentText, skippedText, statusSummary } from './invitationView';

const invitation = (overrides: Partial<SurveyInvitation>): SurveyInvitation => ({
  id: 1,
  contact_id: 5,
  name: 'Jan Jansen',
  email: 'jan@voorbeeld.nl',
  status: 'sent',
  failure: null,
  planned_at: '2026-11-20T08:00:00Z',
  sent_at: '2026-11-20T08:00:05Z',
  opened_at: null,
  completed_at: null,
  reminders_sent: 0,
  last_mail_at: '2026-11-20T08:00:05Z',
  ...overrides,
});

describe('invitationRow', () => {
  it('should show the status in Dutch with its moment', () => {
    expect(invitationRow(invitation({}))).toMatchObject({
      name: 'Jan Jansen',
      statusLabel: 'Verstuurd',
      moment: '20 nov. 2026, 09:00',
      reminders: 'Geen',
      failure: null,
    });
    expect(
      invitationRow(invitation({ status: 'completed', completed_at: '2026-11-21T13:30:00Z' })).moment,
    ).toBe('21 nov. 2026, 14:30');
  });

  it('should give the mail server’s reason of a failure and hide nothing else', () => {
    const row = invitationRow(invitation({ status: 'failed', failure: '550 5.1.1 Mailbox unknown' }));
    expect(row).toMatchObject({ statusLabel: 'Mislukt', failure: '550 5.1.1 Mailbox unknown' });
  });

  it('should name an erased contact without personal data', () => {
    expect(invitationRow(invitation({ contact_id: null, name: null, email: null }))).toMatchObject({
      name: 'Verwijderd contact',
      email: '–',
    });
  });
});

describe('statusSummary, skippedText and sentText', () => {
  it('should list only the statuses that occur, in order', () => {
    const counts = { planned: 0, sent: 120, failed: 2, opened: 30, completed: 48, cancelled: 0 };
    expect(statusSummary({ counts }).map((line) => `${line.label}: ${line.count}`)).toEqual([
      'Verstuurd: 120',
      'Mislukt: 2',
      'Link geopend: 30',
      'Ingevuld: 48',
    ]);
  });

  it('should say how many are left out', () => {
    expect(skippedText([])).toBe('Niemand wordt overgeslagen.');
    const one = { contact_id: 1, name: 'An', email: 'an@x.nl', reason: 'unsubscribed' as const, detail: '' };
    expect(skippedText([one])).toBe('1 contact krijgt geen uitnodiging:');
    expect(skippedText([one, one])).toBe('2 contacten krijgen geen uitnodiging:');
  });

  it('should tell sending now from planning', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(sentText(200, '2026-11-26T10:00:00Z', now)).toBe('200 uitnodigingen worden verstuurd.');
    expect(sentText(1, '2026-12-01T08:00:00Z', now)).toBe('1 uitnodiging ingepland voor 1 dec. 2026, 09:00.');
  });
});

describe('sendingState', () => {
  it('should say invitations are being sent and ask again soon, until none is left', () => {
    expect(sendingState({ sending: 1200 })).toEqual({
      text: '1.200 uitnodigingen worden nu verstuurd; de status werkt zichzelf bij.',
      refreshInMs: 2_000,
    });
    expect(sendingState({ sending: 1 })?.text).toBe(
      '1 uitnodiging wordt nu verstuurd; de status werkt zichzelf bij.',
    );
    expect(sendingState({ sending: 0 })).toBeNull();
  });
});
