import { describe, expect, it } from 'vitest';
import {
  COMPOSER_MESSAGES,
  composeInvitation,
  EMPTY_CHOICES,
  type InvitationChoices,
  pickContact,
  unpickContact,
} from './invitationComposer';

const NOW = new Date('2026-11-26T10:00:00Z');
const choices = (overrides: Partial<InvitationChoices>): InvitationChoices => ({
  ...EMPTY_CHOICES,
  ...overrides,
});

describe('composeInvitation', () => {
  it('should send to a segment now', () => {
    expect(composeInvitation(choices({ segmentId: 4 }), NOW)).toEqual({
      ok: true,
      request: { selection: { segment_id: 4 }, send_at: null },
    });
  });

  it('should send to contacts with every chosen tag, or to contacts picked by hand', () => {
    expect(composeInvitation(choices({ mode: 'tags', tags: ['klant', 'noord'] }), NOW)).toMatchObject({
      ok: true,
      request: { selection: { filter: { tags: ['klant', 'noord'] } } },
    });
    const picked = choices({
      mode: 'contacts',
      contacts: [
        { id: 3, name: 'An', email: 'an@voorbeeld.nl' },
        { id: 9, name: 'Bo', email: 'bo@voorbeeld.nl' },
      ],
    });
    expect(composeInvitation(picked, NOW)).toMatchObject({
      ok: true,
      request: { selection: { ids: [3, 9] } },
    });
  });

  it('should name what is missing for each way of choosing', () => {
    expect(composeInvitation(choices({}), NOW)).toEqual({
      ok: false,
      field: 'recipients',
      message: COMPOSER_MESSAGES.noSegment,
    });
    expect(composeInvitation(choices({ mode: 'tags' }), NOW)).toMatchObject({
      message: COMPOSER_MESSAGES.noTags,
    });
    expect(composeInvitation(choices({ mode: 'contacts' }), NOW)).toMatchObject({
      message: COMPOSER_MESSAGES.noContacts,
    });
  });

  it('should plan a moment in the future and refuse one in the past or none', () => {
    const later = composeInvitation(
      choices({ segmentId: 1, when: 'planned', plannedAt: '2026-12-01T09:00' }),
      NOW,
    );
    expect(later.ok && later.request.send_at).toBe(new Date('2026-12-01T09:00').toISOString());
    expect(
      composeInvitation(choices({ segmentId: 1, when: 'planned', plannedAt: '2026-11-01T09:00' }), NOW),
    ).toEqual({
      ok: false,
      field: 'when',
      message: 'Het geplande tijdstip ligt in het verleden.',
    });
    expect(composeInvitation(choices({ segmentId: 1, when: 'planned', plannedAt: '' }), NOW)).toMatchObject({
      field: 'when',
      message: COMPOSER_MESSAGES.noMoment,
    });
  });
});

describe('pickContact and unpickContact', () => {
  it('should keep each contact once and drop it again', () => {
    const an = { id: 3, name: 'An', email: 'an@voorbeeld.nl' };
    const once = pickContact(pickContact(EMPTY_CHOICES, an), an);
    expect(once.contacts).toEqual([an]);
    expect(unpickContact(once, 3).contacts).toEqual([]);
  });
});
