import type { Contact, Organization, Survey } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, surveys, users } from '../db/schema';
import { addContact, as } from '../testing/invitationTesting';
import { sampleInput } from '../testing/surveyTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';

/**
 * Names and titles are stored on one line whichever route they come in by (R-TEXT-1, R-TEXT-2):
 * a line break in an organisation's name could otherwise add a header to every mail that names it.
 */
let ctx: TestContext;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Eén Regel BV');
});

afterAll(async () => {
  await ctx?.close();
});

const HEADER_TRICK = 'Acme\r\nBcc: x@aanvaller.nl\u0007';
const ONE_LINE = 'Acme Bcc: x@aanvaller.nl';

describe('single-line names', () => {
  it("should store an organisation's name with a line break on one line, when created and when renamed", async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const created = await api(ctx.app, 'POST', '/organizations', {
      token: access_token,
      payload: { name: HEADER_TRICK },
    });
    expect(created.statusCode, created.body).toBe(201);
    const organization = created.json<Organization>();
    expect(organization.name).toBe(ONE_LINE);
    const renamed = await api(ctx.app, 'PATCH', '/organization', {
      token: team.owner.token,
      headers: team.headers,
      payload: { name: 'Nieuw\u2028Bedrijf\tBV' },
    });
    expect(renamed.json<Organization>().name).toBe('Nieuw Bedrijf BV');
    const rows = await ctx.db.select({ name: organizations.name }).from(organizations);
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining([ONE_LINE, 'Nieuw Bedrijf BV']));
  });

  it('should refuse a name of nothing but control characters with a Dutch 400 naming the field, and change nothing', async () => {
    // NUL never gets this far: the API refuses it in any text (textBoundary.ts).
    const nul = await api(ctx.app, 'PATCH', '/organization', {
      token: team.owner.token,
      headers: team.headers,
      payload: { name: 'Acme\u0000' },
    });
    expect(nul.json()).toMatchObject({ detail: 'Het veld "name" bevat een ongeldig teken.' });
    const response = await api(ctx.app, 'PATCH', '/organization', {
      token: team.owner.token,
      headers: team.headers,
      payload: { name: '\r\n\u0007\u2029' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Vul de naam van je organisatie in.' });
    const [row] = await ctx.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, team.organization.id));
    expect(row?.name).toBe('Nieuw Bedrijf BV');
  });

  it("should store a user's name on one line at registration and in the profile", async () => {
    const registered = await api(ctx.app, 'POST', '/auth/register', {
      payload: { name: 'Jan\r\nde\tVries', email: 'jan.regel@voorbeeld.nl', password: 'geheim-wachtwoord' },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const [stored] = await ctx.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, 'jan.regel@voorbeeld.nl'));
    expect(stored?.name).toBe('Jan de Vries');
    const profile = await api(ctx.app, 'PATCH', '/users/me', {
      token: team.member.token,
      payload: { name: ' Lotte\u0085Lid\u0007 ' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const [member] = await ctx.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, team.member.id));
    expect(member?.name).toBe('Lotte Lid');
  });

  it("should store a survey's title and a contact's name on one line", async () => {
    const created = await api(ctx.app, 'POST', '/surveys', {
      token: team.owner.token,
      headers: team.headers,
      payload: sampleInput({ title: HEADER_TRICK }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Survey>().title).toBe(ONE_LINE);
    const [row] = await ctx.db
      .select({ title: surveys.title })
      .from(surveys)
      .where(eq(surveys.id, created.json<Survey>().id));
    expect(row?.title).toBe(ONE_LINE);
    const contact: Contact = await addContact(ctx, as(team), {
      name: HEADER_TRICK,
      email: 'acme@voorbeeld.nl',
    });
    expect(contact.name).toBe(ONE_LINE);
  });
});
