import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { wireClient } from '../testing/wireClient';
import { createAdminGateway } from './createAdminGateway';
import { createAdminLogsGateway } from './createAdminLogsGateway';
import { createAuthGateway } from './createAuthGateway';
import { createBrandingGateway } from './createBrandingGateway';
import { createOrganisationGateway } from './createOrganisationGateway';
import { createUserGateway } from './createUserGateway';

describe('createAuthGateway', () => {
  it('should call the /auth paths with their bodies', async () => {
    const { client, sent } = recordingClient();
    const auth = createAuthGateway(client);
    await auth.register({ name: 'An', email: 'an@example.nl', password: 'geheim123' });
    await auth.verifyEmail({ token: 't' });
    await auth.resendVerification({ email: 'an@example.nl' });
    await auth.forgotPassword({ email: 'an@example.nl' });
    await auth.resetPassword({ token: 't', password: 'nieuw-geheim' });
    await auth.confirmEmailChange({ token: 'c' });
    await auth.undoEmailChange({ token: 'u' });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /auth/register',
      'POST /auth/verify-email',
      'POST /auth/resend-verification',
      'POST /auth/forgot-password',
      'POST /auth/reset-password',
      'POST /auth/confirm-email-change',
      'POST /auth/undo-email-change',
    ]);
    expect(sent[4]?.options?.body).toEqual({ token: 't', password: 'nieuw-geheim' });
  });

  it('should send login, refresh and logout without the refresh-on-401', async () => {
    const { client, sent } = recordingClient();
    const auth = createAuthGateway(client);
    await auth.login({ email: 'an@example.nl', password: 'geheim123' });
    const refreshed = await auth.refresh('r-1');
    await auth.logout({ refresh_token: 'r-1' });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/auth/login',
        options: { body: { email: 'an@example.nl', password: 'geheim123' }, auth: 'none' },
      },
      { method: 'POST', path: '/auth/refresh', options: { body: { refresh_token: 'r-1' }, auth: 'none' } },
      { method: 'POST', path: '/auth/logout', options: { body: { refresh_token: 'r-1' }, auth: 'none' } },
    ]);
    expect(refreshed).toEqual({ ok: true, value: 'answer' });
  });
});

describe('createUserGateway', () => {
  it('should read and change the own account under /users/me', async () => {
    const { client, sent } = recordingClient();
    const users = createUserGateway(client);
    await users.me();
    await users.updateProfile({ name: 'An' });
    await users.changePassword({ current_password: 'a', new_password: 'b' });
    await users.changeEmail({ new_email: 'nieuw@example.nl', current_password: 'a' });
    await users.cancelEmailChange();
    expect(sent.map((s) => [s.method, s.path, s.options?.body])).toEqual([
      ['GET', '/users/me', undefined],
      ['PATCH', '/users/me', { name: 'An' }],
      ['POST', '/users/me/password', { current_password: 'a', new_password: 'b' }],
      ['POST', '/users/me/email', { new_email: 'nieuw@example.nl', current_password: 'a' }],
      ['DELETE', '/users/me/email', undefined],
    ]);
  });
});

describe('createOrganisationGateway', () => {
  it('should list and create under /organizations', async () => {
    const { client, sent } = recordingClient();
    const organisations = createOrganisationGateway(client);
    await organisations.list();
    await organisations.create({ name: 'Acme' });
    expect(sent.map((s) => [s.method, s.path, s.options?.body])).toEqual([
      ['GET', '/organizations', undefined],
      ['POST', '/organizations', { name: 'Acme' }],
    ]);
  });
});

describe('createBrandingGateway', () => {
  it('should read and update /branding/mine', async () => {
    const { client, sent } = recordingClient();
    const branding = createBrandingGateway(client);
    await branding.mine();
    await branding.update({ primary_color: '#112233' });
    expect(sent.map((s) => [s.method, s.path, s.options?.body])).toEqual([
      ['GET', '/branding/mine', undefined],
      ['PATCH', '/branding/mine', { primary_color: '#112233' }],
    ]);
  });

  it('should upload an image as multipart field file and remove it with DELETE', async () => {
    const { client, sent } = recordingClient();
    const branding = createBrandingGateway(client);
    const file = new File(['<png bytes>'], 'logo.png', { type: 'image/png' });
    await branding.upload('logo', file);
    await branding.upload('background', file);
    await branding.remove('background');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /branding/logo',
      'POST /branding/background',
      'DELETE /branding/background',
    ]);
    const form = sent[0]?.options?.body;
    expect(form).toBeInstanceOf(FormData);
    const part = (form as FormData).get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('logo.png');
    expect(await (part as File).text()).toBe('<png bytes>');
  });

  it('should refuse something that is not a file', () => {
    const { client } = recordingClient();
    expect(() =>
      createBrandingGateway(client).upload('logo', { name: 'x.png', type: 'image/png', size: 1 }),
    ).toThrow(TypeError);
  });
});

describe('createAdminGateway', () => {
  it('should fetch the overview and a page of users with its query', async () => {
    const { client, sent } = recordingClient();
    const admin = createAdminGateway(client);
    await admin.overview();
    await admin.users({ page: 2, page_size: 50, q: ' jan ' });
    await admin.users({ page: 1, page_size: 25, q: '' });
    expect(sent).toEqual([
      { method: 'GET', path: '/admin/overview', options: undefined },
      { method: 'GET', path: '/admin/users', options: { query: { page: 2, page_size: 50, q: 'jan' } } },
      { method: 'GET', path: '/admin/users', options: { query: { page: 1, page_size: 25, q: undefined } } },
    ]);
  });
});

describe('createAdminLogsGateway', () => {
  it('should fetch the log with GET /admin/logs and no query (R-LOG-6)', async () => {
    const { client, sent } = recordingClient();
    await createAdminLogsGateway(client).list();
    expect(sent).toEqual([{ method: 'GET', path: '/admin/logs', options: undefined }]);
  });

  /** The gateway on the real client (base address with a trailing slash), recording the requested URLs. */
  const wire = (response: () => Response) => {
    const { client, seen } = wireClient(response, 'https://api.loop.test/');
    return { gateway: createAdminLogsGateway(client), urls: () => seen.map((request) => request.url) };
  };

  it('should hand back the items of the answer', async () => {
    const item = {
      id: 1,
      ts: '2026-11-21T13:03:07Z',
      level: 'audit',
      category: 'billing',
      org_id: 7,
      action: 'plan.change',
      route: '/user-subscriptions',
      http_status: 200,
      message: 'Plan gewijzigd',
      log_date: '2026-11-21',
    };
    const { gateway, urls } = wire(
      () =>
        new Response(JSON.stringify({ items: [item] }), { headers: { 'content-type': 'application/json' } }),
    );
    expect(await gateway.list()).toEqual({ ok: true, value: { items: [item] } });
    expect(urls()).toEqual(['https://api.loop.test/api/v1/admin/logs']);
  });

  it("should answer a refusal for non-admins as a failure with the server's detail", async () => {
    const { gateway } = wire(
      () =>
        new Response(JSON.stringify({ detail: 'Alleen voor beheerders.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(await gateway.list()).toEqual({ ok: false, status: 403, detail: 'Alleen voor beheerders.' });
  });
});
