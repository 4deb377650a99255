import type { UserGateway } from '../../domain/api';
import { type FormResult, formFromApi, formInvalid, formOk } from '../../domain/api';
import { normaliseEmail } from '../../domain/auth';
import type { TeamGateway } from '../../domain/organisation';
import type { FileSaver } from '../../domain/shared';

export const OWN_DATA_MESSAGES = {
  passwordMissing: 'Vul je huidige wachtwoord in.',
  wrongEmail: 'Typ je e-mailadres precies zoals het hierboven staat.',
  wrongName: 'Typ de naam van de organisatie precies zoals hij hierboven staat.',
} as const;

/**
 * The data you own: download it, or delete it. For the account: a JSON file of everything about
 * the user, and deletion after the password and the typed address (the session ends here too). For
 * the organisation (owners): a ZIP of everything, and deletion after typing its name (the user is
 * reloaded, so another organisation of theirs, or none, becomes current).
 */
export function createOwnDataUseCases(deps: {
  readonly users: Pick<UserGateway, 'exportAccount' | 'deleteAccount'>;
  readonly team: Pick<TeamGateway, 'exportOrganization' | 'deleteOrganization'>;
  readonly files: Pick<FileSaver, 'saveFile'>;
  readonly endSession: () => void;
  readonly reloadUser: () => Promise<unknown>;
}) {
  return {
    async downloadAccount(): Promise<FormResult<void>> {
      const file = await deps.users.exportAccount();
      if (!file.ok) return formFromApi(file);
      deps.files.saveFile(file.value);
      return formOk(undefined);
    },

    async deleteAccount(input: {
      readonly currentPassword: string;
      readonly confirmEmail: string;
      readonly email: string;
    }): Promise<FormResult<void>> {
      const fields: Record<string, string> = {};
      if (input.currentPassword === '') fields.current_password = OWN_DATA_MESSAGES.passwordMissing;
      if (normaliseEmail(input.confirmEmail) !== normaliseEmail(input.email)) {
        fields.confirm_email = OWN_DATA_MESSAGES.wrongEmail;
      }
      if (Object.keys(fields).length > 0) return formInvalid(fields);
      const result = await deps.users.deleteAccount({
        current_password: input.currentPassword,
        confirm_email: input.confirmEmail,
      });
      if (!result.ok) return formFromApi(result);
      deps.endSession();
      return formOk(undefined);
    },

    async downloadOrganisation(): Promise<FormResult<void>> {
      const file = await deps.team.exportOrganization();
      if (!file.ok) return formFromApi(file);
      deps.files.saveFile(file.value);
      return formOk(undefined);
    },

    async deleteOrganisation(input: {
      readonly typedName: string;
      readonly name: string;
    }): Promise<FormResult<void>> {
      if (input.typedName.trim() !== input.name)
        return formInvalid({ confirm_name: OWN_DATA_MESSAGES.wrongName });
      const result = await deps.team.deleteOrganization(input.typedName.trim());
      if (!result.ok) return formFromApi(result);
      await deps.reloadUser();
      return formOk(undefined);
    },
  };
}

export type OwnDataUseCases = ReturnType<typeof createOwnDataUseCases>;
