import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Branding, Organization } from '@loop/core';
import {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_WRONG_TYPE,
  primaryColorError,
} from '@loop/core/branding';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_MISSING } from '../billing/requireFeature';
import { memberships } from '../db/schema';
import { putOnPlan } from '../testing/billing';
import { GIF_START, multipartFile, SVG, TINY_PNG } from '../testing/images';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { BRANDING_MESSAGES } from './brandingRoutes';

let ctx: TestContext;
let ownerToken: string;
let memberToken: string;
let organization: Organization;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

// Every test gets a fresh organisation with an owner and a member, on smartloop (it has branding).
beforeEach(async () => {
  const owner = await createUser(ctx);
  ownerToken = (await login(ctx.app, owner)).access_token;
  organization = (
    await api(ctx.app, 'POST', '/organizations', { token: ownerToken, payload: { name: 'Huisstijl BV' } })
  ).json<Organization>();
  const member = await createUser(ctx);
  await ctx.db
    .insert(memberships)
    .values({ userId: member.id, organizationId: organization.id, role: 'member' });
  memberToken = (await login(ctx.app, member)).access_token;
  await putOnPlan(ctx, organization.id, 'smartloop');
});

const orgHeader = () => ({ 'x-organization-id': String(organization.id) });
const getBranding = async (token = ownerToken) =>
  (await api(ctx.app, 'GET', '/branding/mine', { token, headers: orgHeader() })).json<Branding>();
const upload = (image: 'logo' | 'background', file: ReturnType<typeof multipartFile>, token = ownerToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/branding/${image}`,
    headers: { authorization: `Bearer ${token}`, ...orgHeader(), ...file.headers },
    payload: file.payload,
  });
const storedFiles = () =>
  readdir(join(ctx.dataDir, 'uploads', String(organization.id))).catch(() => [] as string[]);

describe('GET /branding/mine', () => {
  it('should answer the defaults (nulls, version 0) for a new organisation, to members too', async () => {
    expect(await getBranding(memberToken)).toStrictEqual({
      logo_url: null,
      background_url: null,
      primary_color: null,
      version: '0',
    });
  });
});

describe('PATCH /branding/mine', () => {
  it('should set and reset the colour, changing the version every time', async () => {
    const set = await api(ctx.app, 'PATCH', '/branding/mine', {
      token: ownerToken,
      headers: orgHeader(),
      payload: { primary_color: '#1F6FEB' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toStrictEqual({
      logo_url: null,
      background_url: null,
      primary_color: '#1f6feb',
      version: '1',
    });

    const reset = await api(ctx.app, 'PATCH', '/branding/mine', {
      token: ownerToken,
      headers: orgHeader(),
      payload: { primary_color: null },
    });
    expect(reset.json<Branding>()).toMatchObject({ primary_color: null, version: '2' });
    expect(await getBranding(memberToken)).toMatchObject({ primary_color: null, version: '2' });
  });

  it("should refuse a colour that is not #rrggbb with core's message", async () => {
    for (const colour of ['rood', '#12345', '#1234567', 'javascript:alert(1)']) {
      const response = await api(ctx.app, 'PATCH', '/branding/mine', {
        token: ownerToken,
        headers: orgHeader(),
        payload: { primary_color: colour },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ primary_color: primaryColorError(colour) });
    }
    expect((await getBranding()).version).toBe('0');
  });

  it('should allow only owners to change it', async () => {
    const response = await api(ctx.app, 'PATCH', '/branding/mine', {
      token: memberToken,
      headers: orgHeader(),
      payload: { primary_color: '#000000' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: PERMISSION_DENIED['branding.manage'] });
    expect((await getBranding()).primary_color).toBeNull();
  });
});

describe('POST /branding/logo and /branding/background', () => {
  it('should store a real PNG and serve it with long caching and nosniff', async () => {
    const response = await upload('logo', multipartFile('file', 'logo.png', 'image/png', TINY_PNG));

    expect(response.statusCode).toBe(200);
    const branding = response.json<Branding>();
    expect(branding.logo_url).toMatch(new RegExp(`^/uploads/${organization.id}/[A-Za-z0-9_-]{22}\\.png$`));
    expect(branding.version).toBe('1');
    expect(await storedFiles()).toHaveLength(1);

    const served = await ctx.app.inject({ method: 'GET', url: branding.logo_url! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('should name the file by its real type, not by its name', async () => {
    const response = await upload(
      'background',
      multipartFile('file', 'achtergrond.png', 'image/png', GIF_START),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Branding>().background_url).toMatch(/\.gif$/);
  });

  it('should refuse a text file renamed to .png and SVG, leaving branding and disk untouched', async () => {
    await upload('logo', multipartFile('file', 'logo.png', 'image/png', TINY_PNG));
    const before = await getBranding();
    const filesBefore = await storedFiles();

    for (const file of [
      multipartFile('file', 'logo.png', 'image/png', Buffer.from('dit is geen afbeelding')),
      multipartFile('file', 'logo.svg', 'image/svg+xml', SVG),
    ]) {
      const response = await upload('logo', file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: BRANDING_UPLOAD_WRONG_TYPE });
    }
    expect(await getBranding()).toStrictEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('should refuse a file over 2 MB with 413, leaving branding and disk untouched', async () => {
    const tooBig = Buffer.concat([TINY_PNG, Buffer.alloc(BRANDING_UPLOAD_MAX_BYTES + 1 - TINY_PNG.length)]);
    const response = await upload('logo', multipartFile('file', 'groot.png', 'image/png', tooBig));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: BRANDING_UPLOAD_TOO_LARGE });
    expect((await getBranding()).version).toBe('0');
    expect(await storedFiles()).toEqual([]);
  });

  it('should accept a file of exactly the limit', async () => {
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(BRANDING_UPLOAD_MAX_BYTES - TINY_PNG.length)]);
    const response = await upload('logo', multipartFile('file', 'precies.png', 'image/png', atLimit));
    expect(response.statusCode).toBe(200);
  });

  it('should remove the replaced file after a new upload', async () => {
    const first = (
      await upload('logo', multipartFile('file', 'a.png', 'image/png', TINY_PNG))
    ).json<Branding>();
    const second = (
      await upload('logo', multipartFile('file', 'b.png', 'image/png', TINY_PNG))
    ).json<Branding>();

    expect(second.logo_url).not.toBe(first.logo_url);
    expect(second.version).toBe('2');
    expect(await storedFiles()).toEqual([second.logo_url!.split('/').at(-1)]);
    expect((await ctx.app.inject({ method: 'GET', url: first.logo_url! })).statusCode).toBe(404);
  });

  it('should refuse uploads by members, without a file, and as JSON', async () => {
    const byMember = await upload('logo', multipartFile('file', 'a.png', 'image/png', TINY_PNG), memberToken);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['branding.manage'] });

    const wrongField = await upload('logo', multipartFile('afbeelding', 'a.png', 'image/png', TINY_PNG));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ detail: BRANDING_MESSAGES.noFile });

    const json = await api(ctx.app, 'POST', '/branding/logo', {
      token: ownerToken,
      headers: orgHeader(),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(await storedFiles()).toEqual([]);
    expect((await getBranding()).version).toBe('0');
  });

  it('should answer a malformed multipart body with 400, not 500', async () => {
    const boundary = '----kapot';
    const bodies = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
      `--${boundary}\r\nzonder kopregels`,
      'helemaal geen multipart',
    ];
    for (const payload of bodies) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/branding/logo',
        headers: {
          authorization: `Bearer ${ownerToken}`,
          ...orgHeader(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(typeof response.json().detail).toBe('string');
    }
    expect(await storedFiles()).toEqual([]);
  });

  it("should answer 404 for another organisation's id", async () => {
    const stranger = await createUser(ctx);
    const strangerToken = (await login(ctx.app, stranger)).access_token;
    await api(ctx.app, 'POST', '/organizations', { token: strangerToken, payload: { name: 'Eigen' } });

    const response = await upload(
      'logo',
      multipartFile('file', 'a.png', 'image/png', TINY_PNG),
      strangerToken,
    );
    expect(response.statusCode).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('the branding feature', () => {
  it('should refuse every change on a plan without branding (basicloop) and keep reading open', async () => {
    await upload('logo', multipartFile('file', 'a.png', 'image/png', TINY_PNG));
    await putOnPlan(ctx, organization.id, 'basicloop');
    const before = await getBranding();

    const attempts = [
      await api(ctx.app, 'PATCH', '/branding/mine', {
        token: ownerToken,
        headers: orgHeader(),
        payload: { primary_color: '#000000' },
      }),
      await upload('logo', multipartFile('file', 'b.png', 'image/png', TINY_PNG)),
      await upload('background', multipartFile('file', 'b.png', 'image/png', TINY_PNG)),
      await api(ctx.app, 'DELETE', '/branding/logo', { token: ownerToken, headers: orgHeader() }),
      await api(ctx.app, 'DELETE', '/branding/background', { token: ownerToken, headers: orgHeader() }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: FEATURE_MISSING });
    }
    expect(await getBranding(memberToken)).toStrictEqual(before);
    expect(await storedFiles()).toHaveLength(1);

    await putOnPlan(ctx, organization.id, 'proloop');
    const allowed = await api(ctx.app, 'PATCH', '/branding/mine', {
      token: ownerToken,
      headers: orgHeader(),
      payload: { primary_color: '#000000' },
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('DELETE /branding/logo and /branding/background', () => {
  it('should go back to the default and delete the file', async () => {
    await upload('background', multipartFile('file', 'a.png', 'image/png', TINY_PNG));

    const response = await api(ctx.app, 'DELETE', '/branding/background', {
      token: ownerToken,
      headers: orgHeader(),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json<Branding>()).toMatchObject({ background_url: null, version: '2' });
    expect(await storedFiles()).toEqual([]);
    expect(
      (await api(ctx.app, 'DELETE', '/branding/logo', { token: memberToken, headers: orgHeader() }))
        .statusCode,
    ).toBe(403);
  });
});
