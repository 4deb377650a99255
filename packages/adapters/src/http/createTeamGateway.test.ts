import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { createInvitationLinkGateway, createTeamGateway } from './createTeamGateway';

describe('createTeamGateway', () => {
  it('should call the /organization routes with their bodies', async () => {
    const { client, sent } = recordingClient();
    const team = createTeamGateway(client);
    await team.members();
    await team.changeRole(4, 'viewer');
    await team.remove(4);
    await team.leave();
    await team.transfer(5);
    await team.rename('Nieuw BV');
    await team.invitations();
    await team.invite({ email: 'a@voorbeeld.nl', role: 'member' });
    await team.withdraw(9);
    await team.resend(9);
    expect(sent.map((s) => [s.method, s.path, s.options?.body])).toEqual([
      ['GET', '/organization/members', undefined],
      ['PATCH', '/organization/members/4', { role: 'viewer' }],
      ['DELETE', '/organization/members/4', undefined],
      ['POST', '/organization/leave', undefined],
      ['POST', '/organization/transfer', { user_id: 5 }],
      ['PATCH', '/organization', { name: 'Nieuw BV' }],
      ['GET', '/organization/invitations', undefined],
      ['POST', '/organization/invitations', { email: 'a@voorbeeld.nl', role: 'member' }],
      ['DELETE', '/organization/invitations/9', undefined],
      ['POST', '/organization/invitations/9/resend', undefined],
    ]);
  });
});

describe('createInvitationLinkGateway', () => {
  it('should read a link without the refresh-on-401 and accept it signed in', async () => {
    const { client, sent } = recordingClient();
    const links = createInvitationLinkGateway(client);
    await links.preview('abc/def');
    await links.accept('abc');
    expect(sent).toEqual([
      { method: 'GET', path: '/invitations/abc%2Fdef', options: { auth: 'none' } },
      { method: 'POST', path: '/invitations/accept', options: { body: { token: 'abc' } } },
    ]);
  });
});
