import { describe, expect, it } from 'vitest';
import type { ContactRules, ReminderSettings } from '../contract';
import {
  DELIVERY_STATUS_LABELS,
  emailHint,
  type InvitationFacts,
  invitationSkip,
  type ReminderFacts,
  reminderDue,
} from './invitationRules';

const NOW = new Date('2026-11-26T10:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const NO_RULE: ContactRules = { min_days_between: null };
const WEEKLY: ContactRules = { min_days_between: 7 };

const fresh: InvitationFacts = {
  unsubscribedAt: null,
  lastMailAt: null,
  invitedToSurvey: false,
  answered: false,
};

describe('invitationSkip', () => {
  it('should invite a contact nobody mailed before', () => {
    expect(invitationSkip(fresh, WEEKLY, NOW)).toBeNull();
  });

  it('should never invite an unsubscribed contact, whatever else holds', () => {
    expect(
      invitationSkip({ ...fresh, unsubscribedAt: daysAgo(100), answered: true }, NO_RULE, NOW)?.reason,
    ).toBe('unsubscribed');
  });

  it('should not invite someone who answered or was already invited to this survey', () => {
    expect(invitationSkip({ ...fresh, answered: true }, NO_RULE, NOW)?.reason).toBe('answered');
    expect(invitationSkip({ ...fresh, invitedToSurvey: true }, NO_RULE, NOW)?.reason).toBe('already_invited');
  });

  it('should hold the contact rule to the day and name the last mail in Dutch', () => {
    const skip = invitationSkip({ ...fresh, lastMailAt: daysAgo(6.9) }, WEEKLY, NOW);
    expect(skip?.reason).toBe('recently_invited');
    expect(skip?.detail).toBe(
      'Op 19 november 2026 nog uitgenodigd; de contactregel staat één uitnodiging per 7 dagen toe.',
    );
    expect(invitationSkip({ ...fresh, lastMailAt: daysAgo(7) }, WEEKLY, NOW)).toBeNull();
    expect(invitationSkip({ ...fresh, lastMailAt: daysAgo(1) }, NO_RULE, NOW)).toBeNull();
    expect(
      invitationSkip({ ...fresh, lastMailAt: daysAgo(0.5) }, { min_days_between: 1 }, NOW)?.detail,
    ).toContain('één uitnodiging per dag');
  });
});

const REMIND: ReminderSettings = { after_days: 3, max_reminders: 2, stopped: false };
const sent: ReminderFacts = {
  status: 'sent',
  remindersSent: 0,
  lastMailAt: daysAgo(3),
  unsubscribedAt: null,
  lastMailToContactAt: daysAgo(3),
};

describe('reminderDue', () => {
  it('should remind a contact who got the invitation N days ago and did not answer', () => {
    expect(reminderDue(sent, REMIND, NO_RULE, NOW)).toBe(true);
    expect(reminderDue({ ...sent, status: 'opened' }, REMIND, NO_RULE, NOW)).toBe(true);
  });

  it('should wait until N days have passed since the last mail about the survey', () => {
    expect(
      reminderDue(
        { ...sent, lastMailAt: daysAgo(2.9), lastMailToContactAt: daysAgo(2.9) },
        REMIND,
        NO_RULE,
        NOW,
      ),
    ).toBe(false);
  });

  it('should never remind someone who answered, unsubscribed, was never mailed or failed', () => {
    for (const status of ['completed', 'planned', 'failed', 'cancelled'] as const) {
      expect(reminderDue({ ...sent, status }, REMIND, NO_RULE, NOW), status).toBe(false);
    }
    expect(reminderDue({ ...sent, unsubscribedAt: daysAgo(1) }, REMIND, NO_RULE, NOW)).toBe(false);
  });

  it('should stop at the maximum and when the survey stops its reminders', () => {
    expect(reminderDue({ ...sent, remindersSent: 2 }, REMIND, NO_RULE, NOW)).toBe(false);
    expect(reminderDue(sent, { ...REMIND, stopped: true }, NO_RULE, NOW)).toBe(false);
    expect(reminderDue(sent, { ...REMIND, max_reminders: 0 }, NO_RULE, NOW)).toBe(false);
  });

  it('should not remind someone another survey invited too recently under the contact rule', () => {
    expect(
      reminderDue({ ...sent, lastMailAt: daysAgo(10), lastMailToContactAt: daysAgo(2) }, REMIND, WEEKLY, NOW),
    ).toBe(false);
    expect(
      reminderDue({ ...sent, lastMailAt: daysAgo(10), lastMailToContactAt: daysAgo(8) }, REMIND, WEEKLY, NOW),
    ).toBe(true);
  });
});

describe('DELIVERY_STATUS_LABELS and emailHint', () => {
  it('should name every status in Dutch', () => {
    expect(Object.values(DELIVERY_STATUS_LABELS)).toEqual([
      'Gepland',
      'Verstuurd',
      'Mislukt',
      'Link geopend',
      'Ingevuld',
      'Geannuleerd',
    ]);
  });

  it('should hide all but the first letter and the domain', () => {
    expect(emailHint('jan.jansen@voorbeeld.nl')).toBe('j•••@voorbeeld.nl');
    expect(emailHint('geen-adres')).toBe('•••');
  });
});
