import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api';
import type { ContactRules, InvitationRequest } from '../contract';
import { EMPTY_CHOICES } from './invitationComposer';
import type { InvitationsGateway } from './invitationPorts';
import { createSurveyInvitationUseCases, SETTINGS_MESSAGES } from './invitationUseCases';

function fakeGateway() {
  const sent: InvitationRequest[] = [];
  const rules: ContactRules[] = [];
  const gateway: InvitationsGateway = {
    preview: async (_id, request) => {
      sent.push(request);
      return apiOk({ recipients: 2, skipped: [], sample: null });
    },
    send: async (_id, request) => {
      sent.push(request);
      return apiFailure(409, 'Deze survey is gesloten.');
    },
    list: async () => apiFailure(404, 'Survey niet gevonden.'),
    updateReminders: async (_id, patch) =>
      apiOk({ after_days: 3, max_reminders: 1, stopped: false, ...patch }),
    contactRules: async () => apiOk({ min_days_between: null }),
    updateContactRules: async (value): Promise<ApiResult<ContactRules>> => {
      rules.push(value);
      return apiOk(value);
    },
  };
  return { gateway, sent, rules };
}

const now = () => new Date('2026-11-26T10:00:00Z');

describe('createSurveyInvitationUseCases', () => {
  it('should refuse incomplete choices before any call', async () => {
    const { gateway, sent } = fakeGateway();
    const useCases = createSurveyInvitationUseCases({ gateway, now });
    expect(await useCases.preview(1, EMPTY_CHOICES)).toEqual({
      ok: false,
      message: null,
      fields: { recipients: 'Kies een segment.' },
    });
    expect(sent).toEqual([]);
  });

  it('should pass the composed request on and give the server’s refusal as the message', async () => {
    const { gateway, sent } = fakeGateway();
    const useCases = createSurveyInvitationUseCases({ gateway, now });
    expect(await useCases.preview(1, { ...EMPTY_CHOICES, segmentId: 2 })).toMatchObject({ ok: true });
    expect(await useCases.send(1, { ...EMPTY_CHOICES, segmentId: 2 })).toMatchObject({
      ok: false,
      message: 'Deze survey is gesloten.',
      status: 409,
    });
    expect(sent).toEqual([
      { selection: { segment_id: 2 }, send_at: null },
      { selection: { segment_id: 2 }, send_at: null },
    ]);
  });

  it('should hold reminders and the contact rule to their limits', async () => {
    const { gateway, rules } = fakeGateway();
    const useCases = createSurveyInvitationUseCases({ gateway, now });
    expect(await useCases.updateReminders(1, { after_days: 0 })).toMatchObject({
      fields: { after_days: SETTINGS_MESSAGES.afterDays },
    });
    expect(await useCases.updateReminders(1, { max_reminders: 6 })).toMatchObject({
      fields: { max_reminders: SETTINGS_MESSAGES.maxReminders },
    });
    expect(await useCases.updateReminders(1, { stopped: true })).toMatchObject({
      ok: true,
      value: { stopped: true },
    });
    expect(await useCases.updateContactRules({ min_days_between: 400 })).toMatchObject({ ok: false });
    expect(await useCases.updateContactRules({ min_days_between: null })).toMatchObject({ ok: true });
    expect(await useCases.updateContactRules({ min_days_between: 14 })).toMatchObject({ ok: true });
    expect(rules).toEqual([{ min_days_between: null }, { min_days_between: 14 }]);
  });
});
