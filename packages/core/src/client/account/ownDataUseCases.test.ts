import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import type { DownloadedFile } from '../../domain/shared';
import { createOwnDataUseCases, OWN_DATA_MESSAGES } from './ownDataUseCases';

const FILE: DownloadedFile = { filename: 'loop-account-2026-11-24.json', content: 'x' as never };

function setup(answers: { deleteAccount?: ApiResult<void>; deleteOrganization?: ApiResult<void> } = {}) {
  const calls: string[] = [];
  const saved: DownloadedFile[] = [];
  const useCases = createOwnDataUseCases({
    users: {
      exportAccount: async () => apiOk(FILE),
      deleteAccount: async (request) => {
        calls.push(`deleteAccount ${request.confirm_email}`);
        return answers.deleteAccount ?? apiOk(undefined);
      },
    },
    team: {
      exportOrganization: async () => apiFailure(403, 'Alleen een eigenaar kan de organisatie exporteren.'),
      deleteOrganization: async (name) => {
        calls.push(`deleteOrganization ${name}`);
        return answers.deleteOrganization ?? apiOk(undefined);
      },
    },
    files: { saveFile: (file) => saved.push(file) },
    endSession: () => calls.push('endSession'),
    reloadUser: async () => calls.push('reloadUser'),
  });
  return { useCases, calls, saved };
}

describe('createOwnDataUseCases', () => {
  it('should save the account export and report a refused organisation export', async () => {
    const { useCases, saved } = setup();
    expect(await useCases.downloadAccount()).toEqual({ ok: true, value: undefined });
    expect(saved).toEqual([FILE]);
    expect(await useCases.downloadOrganisation()).toMatchObject({
      ok: false,
      message: 'Alleen een eigenaar kan de organisatie exporteren.',
      status: 403,
    });
  });

  it('should refuse an account deletion without the password or with another address, without a call', async () => {
    const { useCases, calls } = setup();
    const result = await useCases.deleteAccount({
      currentPassword: '',
      confirmEmail: 'x@y.nl',
      email: 'a@b.nl',
    });
    expect(result).toEqual({
      ok: false,
      message: null,
      fields: {
        current_password: OWN_DATA_MESSAGES.passwordMissing,
        confirm_email: OWN_DATA_MESSAGES.wrongEmail,
      },
    });
    expect(calls).toEqual([]);
  });

  it('should end the session only once the account is deleted', async () => {
    const refused = setup({ deleteAccount: apiFailure(409, 'Je bent de laatste eigenaar van Team BV.') });
    const input = { currentPassword: 'geheim', confirmEmail: ' A@B.nl ', email: 'a@b.nl' };
    expect(await refused.useCases.deleteAccount(input)).toMatchObject({ ok: false, status: 409 });
    expect(refused.calls).toEqual(['deleteAccount  A@B.nl ']);
    const fine = setup();
    expect((await fine.useCases.deleteAccount(input)).ok).toBe(true);
    expect(fine.calls).toEqual(['deleteAccount  A@B.nl ', 'endSession']);
  });

  it('should delete the organisation only with its exact name, then reload the user', async () => {
    const { useCases, calls } = setup();
    expect(await useCases.deleteOrganisation({ typedName: 'team bv', name: 'Team BV' })).toEqual({
      ok: false,
      message: null,
      fields: { confirm_name: OWN_DATA_MESSAGES.wrongName },
    });
    expect((await useCases.deleteOrganisation({ typedName: ' Team BV ', name: 'Team BV' })).ok).toBe(true);
    expect(calls).toEqual(['deleteOrganization Team BV', 'reloadUser']);
  });
});
