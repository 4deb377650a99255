import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { createContactMapGateway } from './createContactMapGateway';

describe('createContactMapGateway', () => {
  it("should ask for the map with the list's query and place or give back a contact", async () => {
    const { client, sent } = recordingClient();
    const map = createContactMapGateway(client);
    await map.load({ q: ' jan ', tags: ['klant'], attributes: { regio: 'Zuid' } });
    await map.load({ segment_id: 4 });
    await map.load({ tags: ['klant'], survey_id: 12 });
    await map.surveys();
    await map.latestInvitation(7, 12);
    await map.latestInvitation(7, null);
    await map.place(7, { lat: 52.1, lng: 5.2 });
    await map.place(7, null);
    expect(sent.map((s) => [s.method, s.path, s.options?.query ?? null, s.options?.body ?? null])).toEqual([
      [
        'GET',
        '/contacts/map',
        expect.objectContaining({ q: 'jan', tag: ['klant'], attr: ['regio:Zuid'], segment_id: undefined }),
        null,
      ],
      [
        'GET',
        '/contacts/map',
        expect.objectContaining({ segment_id: '4', q: undefined, survey_id: undefined }),
        null,
      ],
      ['GET', '/contacts/map', expect.objectContaining({ tag: ['klant'], survey_id: '12' }), null],
      ['GET', '/contacts/map/surveys', null, null],
      ['GET', '/contacts/7/latest-invitation', { survey_id: '12' }, null],
      ['GET', '/contacts/7/latest-invitation', { survey_id: undefined }, null],
      ['PUT', '/contacts/7/position', null, { lat: 52.1, lng: 5.2 }],
      ['DELETE', '/contacts/7/position', null, null],
    ]);
  });
});
