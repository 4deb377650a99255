import { CONTACT_MESSAGES } from '@loop/core/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { CONTACT_FORM_MESSAGES } from './contactRefusals';
import { changeSegment, createSegment } from './contactSegmentUseCases';
import { CONTACT_ERRORS } from './contactStore';
import {
  bulkContacts,
  type ContactDeps,
  changeContact,
  createContact,
  eraseContact,
  getContact,
  selectionOf,
} from './contactUseCases';

// The contacts use-cases called directly, without HTTP: each answers a value or a refusal.

let ctx: TestContext;
let deps: ContactDeps;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.db, clock: ctx.clock };
  team = await createTeam(ctx, 'Contacten BV');
  other = await createTeam(ctx, 'Andere BV');
});

afterAll(async () => {
  await ctx?.close();
});

const orgOf = (of: TestTeam) => of.organization.id;

async function added(of: TestTeam, name: string, email: string, tags: string[] = []) {
  const result = await createContact(deps, orgOf(of), { name, email, tags });
  if (!result.ok) throw new Error(result.detail);
  return result.value;
}

describe('changeContact', () => {
  it('should change the given fields, keep the rest and check the whole again', async () => {
    const contact = await added(team, 'Anna de Vries', 'anna@example.nl', ['klant']);
    ctx.clock.advance(60_000);

    const changed = await changeContact(deps, orgOf(team), contact.id, { city: 'Utrecht' });

    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(changed.value).toMatchObject({ name: 'Anna de Vries', email: 'anna@example.nl', city: 'Utrecht' });
    expect(changed.value.tags).toEqual(['klant']);
    expect(changed.value.updated_at > contact.updated_at).toBe(true);
    const read = await getContact(deps, orgOf(team), contact.id);
    expect(read).toEqual(changed);
  });

  it('should refuse an invalid whole with its fields and write nothing', async () => {
    const contact = await added(team, 'Bert Jansen', 'bert@example.nl');

    const refused = await changeContact(deps, orgOf(team), contact.id, { email: 'geen adres' });

    expect(refused).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { email: CONTACT_MESSAGES.emailInvalid },
    });
    expect(await getContact(deps, orgOf(team), contact.id)).toEqual({ ok: true, value: contact });
  });

  it("should refuse another contact's address as a conflict naming the field", async () => {
    await added(team, 'Carla', 'carla@example.nl');
    const dirk = await added(team, 'Dirk', 'dirk@example.nl');

    const refused = await changeContact(deps, orgOf(team), dirk.id, { email: 'carla@example.nl' });

    expect(refused).toEqual({
      ok: false,
      code: 'conflict',
      detail: CONTACT_ERRORS.duplicateEmail('carla@example.nl'),
      fields: { email: CONTACT_ERRORS.duplicateEmail('carla@example.nl') },
    });
    expect(await getContact(deps, orgOf(team), dirk.id)).toEqual({ ok: true, value: dirk });
  });

  it("should not find an unknown contact or another organisation's", async () => {
    const theirs = await added(other, 'Eva', 'eva@example.nl');
    const notFound = { ok: false, code: 'not_found', detail: CONTACT_ERRORS.notFound };

    expect(await changeContact(deps, orgOf(team), theirs.id, { city: 'Delft' })).toEqual(notFound);
    expect(await changeContact(deps, orgOf(team), 2_000_000, { city: 'Delft' })).toEqual(notFound);
    expect(await getContact(deps, orgOf(other), theirs.id)).toEqual({ ok: true, value: theirs });
  });
});

describe('bulkContacts', () => {
  it('should tag, untag and erase the selected contacts of the organisation only', async () => {
    const a = await added(team, 'Fleur', 'fleur@example.nl');
    const b = await added(team, 'Gijs', 'gijs@example.nl', ['vip']);
    const theirs = await added(other, 'Hans', 'hans@example.nl');
    const ids = [a.id, b.id, theirs.id];

    expect(
      await bulkContacts(deps, orgOf(team), { action: 'add_tags', tags: ['VIP'], selection: { ids } }),
    ).toEqual({ ok: true, value: { action: 'add_tags', affected: 1 } });
    expect(await getContact(deps, orgOf(team), a.id)).toMatchObject({ ok: true, value: { tags: ['vip'] } });
    expect(
      await bulkContacts(deps, orgOf(team), { action: 'remove_tags', tags: ['vip'], selection: { ids } }),
    ).toEqual({ ok: true, value: { action: 'remove_tags', affected: 2 } });
    expect(await bulkContacts(deps, orgOf(team), { action: 'delete', selection: { ids } })).toEqual({
      ok: true,
      value: { action: 'delete', affected: 2 },
    });
    expect(await getContact(deps, orgOf(team), a.id)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await getContact(deps, orgOf(other), theirs.id)).toEqual({ ok: true, value: theirs });
  });

  it('should refuse an unknown action, no tags and a selection that is not exactly one', async () => {
    const selection = { ids: [1] };
    expect(await bulkContacts(deps, orgOf(team), { action: 'archive', selection })).toEqual({
      ok: false,
      code: 'invalid',
      detail: CONTACT_FORM_MESSAGES.action,
      fields: { action: CONTACT_FORM_MESSAGES.action },
    });
    expect(
      await bulkContacts(deps, orgOf(team), { action: 'add_tags', tags: [' '], selection }),
    ).toMatchObject({
      ok: false,
      fields: { tags: CONTACT_FORM_MESSAGES.tags },
    });
    expect(
      await bulkContacts(deps, orgOf(team), { action: 'delete', selection: { ids: [1], segment_id: 1 } }),
    ).toMatchObject({ ok: false, code: 'invalid', fields: { selection: CONTACT_FORM_MESSAGES.selection } });
    expect(selectionOf({ ids: [0, 5, 2_147_483_648] })).toEqual({ ok: true, value: { ids: [5] } });
  });

  it('should act on the contacts of a segment', async () => {
    await added(team, 'Ilse', 'ilse@example.nl', ['nieuwsbrief']);
    const segment = await createSegment(deps, orgOf(team), {
      name: 'Nieuwsbrief',
      filter: { tags: ['nieuwsbrief'] },
    });
    if (!segment.ok) throw new Error(segment.detail);
    expect(segment.value.contact_count).toBe(1);

    expect(
      await bulkContacts(deps, orgOf(team), {
        action: 'add_tags',
        tags: ['gemaild'],
        selection: { segment_id: segment.value.id },
      }),
    ).toEqual({ ok: true, value: { action: 'add_tags', affected: 1 } });
  });

  it("should refuse another organisation's segment as not found and change nothing", async () => {
    const theirs = await added(other, 'Joris', 'joris@example.nl', ['klant']);
    const segment = await createSegment(deps, orgOf(other), { name: 'Klanten', filter: { tags: ['klant'] } });
    if (!segment.ok) throw new Error(segment.detail);
    expect(
      await bulkContacts(deps, orgOf(team), {
        action: 'delete',
        selection: { segment_id: segment.value.id },
      }),
    ).toEqual({ ok: false, code: 'not_found', detail: CONTACT_ERRORS.segmentNotFound });
    expect(await getContact(deps, orgOf(other), theirs.id)).toEqual({ ok: true, value: theirs });
  });
});

describe('segments and erasing', () => {
  it('should refuse a second segment of the same name and an unknown one', async () => {
    const first = await createSegment(deps, orgOf(team), { name: 'Klanten', filter: {} });
    expect(first.ok).toBe(true);
    expect(await createSegment(deps, orgOf(team), { name: 'klanten', filter: {} })).toMatchObject({
      ok: false,
      code: 'conflict',
      fields: { name: CONTACT_ERRORS.duplicateSegment('klanten') },
    });
    expect(await changeSegment(deps, orgOf(other), first.ok ? first.value.id : 0, { name: 'X' })).toEqual({
      ok: false,
      code: 'not_found',
      detail: CONTACT_ERRORS.segmentNotFound,
    });
  });

  it('should erase a contact once', async () => {
    const contact = await added(team, 'Jan', 'jan@example.nl');
    expect(await eraseContact(deps, orgOf(team), contact.id)).toEqual({ ok: true, value: null });
    expect(await eraseContact(deps, orgOf(team), contact.id)).toMatchObject({ ok: false, code: 'not_found' });
  });
});
