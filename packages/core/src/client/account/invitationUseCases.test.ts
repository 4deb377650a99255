import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk, type FormResult, formInvalid, formOk } from '../../domain/api';
import type { AcceptedInvitation, OrganizationRef } from '../../domain/contract';
import type { InvitationLinkGateway } from '../../domain/organisation';
import { createInvitationUseCases } from './invitationUseCases';

const JOINED: AcceptedInvitation = { organization_id: 12, organization_name: 'Team BV', role: 'member' };

function setup(
  options: { accept?: Awaited<ReturnType<InvitationLinkGateway['accept']>>; login?: FormResult<void> } = {},
) {
  const calls: string[] = [];
  const switched: OrganizationRef[] = [];
  const links: InvitationLinkGateway = {
    preview: async () => apiFailure(500, 'niet gebruikt'),
    accept: async (token) => {
      calls.push(`accept ${token}`);
      return options.accept ?? apiOk(JOINED);
    },
  };
  const useCases = createInvitationUseCases({
    links,
    auth: {
      login: async ({ email }) => {
        calls.push(`login ${email}`);
        return options.login ?? formOk(undefined);
      },
      register: async ({ email, invitationToken }) => {
        calls.push(`register ${email} ${invitationToken}`);
        return formOk('Je account is aangemaakt.');
      },
    },
    users: {
      reload: async () => {
        calls.push('reload');
      },
      switchOrganisation: (organisation) => switched.push(organisation),
    },
  });
  return { useCases, calls, switched };
}

describe('createInvitationUseCases', () => {
  it('should accept, reload the user and make the organisation current', async () => {
    const { useCases, calls, switched } = setup();
    expect(await useCases.accept('tok')).toEqual(formOk(JOINED));
    expect(calls).toEqual(['accept tok', 'reload']);
    expect(switched).toEqual([{ id: 12, name: 'Team BV' }]);
  });

  it('should hand back a refused acceptance with the server detail and switch nothing', async () => {
    const { useCases, switched } = setup({
      accept: apiFailure(403, 'Deze uitnodiging is voor een ander e-mailadres.'),
    });
    const result = await useCases.accept('tok');
    expect(result).toMatchObject({
      ok: false,
      message: 'Deze uitnodiging is voor een ander e-mailadres.',
      status: 403,
    });
    expect(switched).toEqual([]);
  });

  it('should log in first and stop at a failed login', async () => {
    const refused = setup({ login: formInvalid({ password: 'Vul je wachtwoord in.' }) });
    expect(await refused.useCases.loginAndAccept('tok', 'a@voorbeeld.nl', '')).toEqual(
      formInvalid({ password: 'Vul je wachtwoord in.' }),
    );
    expect(refused.calls).toEqual(['login a@voorbeeld.nl']);

    const fine = setup();
    expect((await fine.useCases.loginAndAccept('tok', 'a@voorbeeld.nl', 'geheim123')).ok).toBe(true);
    expect(fine.calls).toEqual(['login a@voorbeeld.nl', 'accept tok', 'reload']);
  });

  it('should register with the token, then log in and load the user', async () => {
    const { useCases, calls } = setup();
    const result = await useCases.registerAndEnter('tok', {
      name: 'Nina',
      email: 'nina@voorbeeld.nl',
      password: 'geheim12345',
    });
    expect(result).toEqual(formOk(undefined));
    expect(calls).toEqual(['register nina@voorbeeld.nl tok', 'login nina@voorbeeld.nl', 'reload']);
  });
});
