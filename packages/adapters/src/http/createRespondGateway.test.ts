import type { RespondentView } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { RESPONDENT_MESSAGES } from '@loop/core/surveys/model';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { type FakeApi, startFakeApi } from '../testing/startFakeApi';
import {
  createInvitationPreviewGateway,
  createRespondentApiClient,
  createRespondGateway,
} from './createRespondGateway';

const VIEW: RespondentView = {
  status: 'open',
  link_kind: 'personal',
  anonymous: false,
  branding: { organization_name: 'Acme', logo_url: null, background_url: null, primary_color: null },
  survey: {
    title: 'Peiling',
    description_html: '',
    introduction_html: '',
    thank_you_text: 'Dank!',
    close_at: null,
    questions: [],
    logic: NO_LOGIC,
    hidden_values: {},
    language: null,
    estimated_seconds: 10,
    saved_answers: [],
  },
};

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

describe('createRespondGateway', () => {
  it('should ask for the survey in a chosen language with ?lang=', async () => {
    const { client, sent } = recordingClient();
    await createRespondGateway(client).view('tok', 'en');
    expect(sent).toEqual([{ method: 'GET', path: '/respond/tok?lang=en', options: { auth: 'none' } }]);
  });

  it('should call GET and POST /respond/:token with the token escaped and without the login refresh', async () => {
    const { client, sent } = recordingClient();
    const gateway = createRespondGateway(client);
    await gateway.view('a/b?c');
    await gateway.respond('tok_1-X', { answers: [], final: false, respondent_key: 'k'.repeat(16) });
    expect(sent).toEqual([
      { method: 'GET', path: '/respond/a%2Fb%3Fc', options: { auth: 'none' } },
      {
        method: 'POST',
        path: '/respond/tok_1-X',
        options: { body: { answers: [], final: false, respondent_key: 'k'.repeat(16) }, auth: 'none' },
      },
    ]);
  });

  it('should reach a real server without login or organisation and map its Dutch refusals', async () => {
    api = await startFakeApi((request) =>
      request.path === '/api/v1/respond/good'
        ? { status: 200, body: VIEW }
        : { status: 410, body: { detail: RESPONDENT_MESSAGES.closed } },
    );
    const gateway = createRespondGateway(createRespondentApiClient({ baseUrl: api.url }));
    expect(await gateway.view('good')).toEqual({ ok: true, value: VIEW });
    expect(await gateway.respond('closed', { answers: [], final: true })).toEqual({
      ok: false,
      status: 410,
      detail: RESPONDENT_MESSAGES.closed,
    });
    expect(api.requests.map((r) => [r.method, r.path, r.authorization, r.organisation])).toEqual([
      ['GET', '/api/v1/respond/good', null, null],
      ['POST', '/api/v1/respond/closed', null, null],
    ]);
    expect(api.requests[1]?.body).toEqual({ answers: [], final: true });
  });

  it('should answer status 0 when the server cannot be reached', async () => {
    const gateway = createRespondGateway(createRespondentApiClient({ baseUrl: 'http://127.0.0.1:9' }));
    const answer = await gateway.view('t');
    expect(answer.ok).toBe(false);
    expect(answer.ok ? null : answer.status).toBe(0);
  });
});

describe('createInvitationPreviewGateway', () => {
  it('should call GET /surveys/:id/invitation-preview', async () => {
    const { client, sent } = recordingClient();
    await createInvitationPreviewGateway(client).invitationPreview(12);
    expect(sent).toEqual([{ method: 'GET', path: '/surveys/12/invitation-preview', options: undefined }]);
  });

  it('should ask for the mail in a language with ?lang= (R-INV-6)', async () => {
    const { client, sent } = recordingClient();
    await createInvitationPreviewGateway(client).invitationPreview(12, 'en');
    expect(sent).toEqual([
      { method: 'GET', path: '/surveys/12/invitation-preview?lang=en', options: undefined },
    ]);
  });
});
