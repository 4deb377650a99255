import type { SurveyTemplateInput, SurveyUpdateRequest } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createSurveysGateway, createSurveyTemplatesGateway } from './createSurveysGateway';

const content: SurveyUpdateRequest = {
  title: 'Medewerkerstevredenheid',
  description_html: '',
  introduction_html: '<p>Welkom</p>',
  thank_you_text: 'Bedankt!',
  close_at: null,
  questions: [],
  version: 3,
};

const templateInput: SurveyTemplateInput = {
  name: 'Eigen sjabloon',
  description: 'Voor teams',
  title: 'Teamcheck',
  description_html: '',
  introduction_html: '',
  thank_you_text: '',
  questions: [],
};

describe('createSurveysGateway', () => {
  it('should list with a trimmed search and leave empty filters out', async () => {
    const { client, sent } = recordingClient();
    const surveys = createSurveysGateway(client);
    await surveys.list({ page: 2, page_size: 25, q: ' team ', status: 'open' });
    await surveys.list({ q: '   ' });
    expect(sent).toEqual([
      {
        method: 'GET',
        path: '/surveys',
        options: { query: { page: 2, page_size: 25, q: 'team', status: 'open' } },
      },
      {
        method: 'GET',
        path: '/surveys',
        options: { query: { page: undefined, page_size: undefined, q: undefined, status: undefined } },
      },
    ]);
  });

  it('should read, create, save, change status, copy and delete on the survey paths', async () => {
    const { client, sent } = recordingClient();
    const surveys = createSurveysGateway(client);
    await surveys.get(5);
    await surveys.create({ template_id: 2 });
    await surveys.update(5, content);
    await surveys.changeStatus(5, 'open');
    await surveys.duplicate(5);
    await surveys.remove(5);
    expect(sent.map((s) => [s.method, s.path, s.options?.body])).toEqual([
      ['GET', '/surveys/5', undefined],
      ['POST', '/surveys', { template_id: 2 }],
      ['PUT', '/surveys/5', content],
      ['POST', '/surveys/5/status', { status: 'open' }],
      ['POST', '/surveys/5/duplicate', undefined],
      ['DELETE', '/surveys/5', undefined],
    ]);
  });

  /** The gateway on the real client, on a fetch that answers `response`. */
  const wire = (response: () => Response) => {
    const { client, seen } = wireClient(response);
    const requests = () =>
      seen.map(({ url, method, body, headers }) => ({
        url,
        method,
        body,
        organisation: headers.get('X-Organization-Id'),
      }));
    return { surveys: createSurveysGateway(client), requests };
  };

  it('should send the save as JSON for the current organisation and hand back the saved survey', async () => {
    const saved = { id: 5, version: 4, title: content.title };
    const { surveys, requests } = wire(() => jsonResponse(200, saved));
    expect(await surveys.update(5, content)).toEqual({ ok: true, value: saved });
    expect(requests()).toEqual([
      { url: 'https://api.loop.test/api/v1/surveys/5', method: 'PUT', body: content, organisation: '7' },
    ]);
  });

  it('should answer a refused edit as a failure with the per-question fields', async () => {
    const body = {
      detail: 'De vraag ‘Team’ heeft al antwoorden en kan niet meer worden verwijderd.',
      fields: { 'questions.q-1': 'De vraag ‘Team’ heeft al antwoorden en kan niet meer worden verwijderd.' },
    };
    const { surveys } = wire(() => jsonResponse(409, body));
    expect(await surveys.update(5, content)).toEqual({ ok: false, status: 409, ...body });
  });

  it('should answer a status refusal with the Dutch reason', async () => {
    const { surveys, requests } = wire(() =>
      jsonResponse(409, { detail: 'Voeg eerst minstens één vraag toe.' }),
    );
    expect(await surveys.changeStatus(5, 'open')).toEqual({
      ok: false,
      status: 409,
      detail: 'Voeg eerst minstens één vraag toe.',
    });
    expect(requests()[0]?.body).toEqual({ status: 'open' });
  });
});

describe('createSurveyTemplatesGateway', () => {
  it('should list, create, change and delete under /survey-templates', async () => {
    const { client, sent } = recordingClient();
    const templates = createSurveyTemplatesGateway(client);
    await templates.list();
    await templates.create(templateInput);
    await templates.update(9, templateInput);
    await templates.remove(9);
    expect(sent.map((s) => [s.method, s.path, s.options?.body])).toEqual([
      ['GET', '/survey-templates', undefined],
      ['POST', '/survey-templates', templateInput],
      ['PUT', '/survey-templates/9', templateInput],
      ['DELETE', '/survey-templates/9', undefined],
    ]);
  });
});
