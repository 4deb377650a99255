import { type FormResult, formFromApi, formOk } from '../../domain/api';
import type { AcceptedInvitation, OrganizationRef } from '../../domain/contract';
import type { InvitationLinkGateway } from '../../domain/organisation';

/** The parts of other use-cases the invitation page drives. */
export interface InvitationUseCaseDeps {
  readonly links: InvitationLinkGateway;
  readonly auth: {
    login(input: { email: string; password: string }): Promise<FormResult<void>>;
    register(input: {
      name: string;
      email: string;
      password: string;
      invitationToken?: string;
    }): Promise<FormResult<string>>;
  };
  readonly users: {
    reload(): Promise<unknown>;
    switchOrganisation(organisation: OrganizationRef): void;
  };
}

/**
 * The invitation page's three ways into an organisation, each ending in it as the current
 * organisation: accept while signed in, log in and accept, or register with the link (the server
 * adds the membership) and log in.
 */
export function createInvitationUseCases(deps: InvitationUseCaseDeps) {
  async function enter(joined: AcceptedInvitation): Promise<FormResult<AcceptedInvitation>> {
    await deps.users.reload();
    deps.users.switchOrganisation({ id: joined.organization_id, name: joined.organization_name });
    return formOk(joined);
  }

  async function accept(token: string): Promise<FormResult<AcceptedInvitation>> {
    const accepted = await deps.links.accept(token);
    return accepted.ok ? enter(accepted.value) : formFromApi(accepted);
  }

  return {
    accept,

    async loginAndAccept(
      token: string,
      email: string,
      password: string,
    ): Promise<FormResult<AcceptedInvitation>> {
      const signedIn = await deps.auth.login({ email, password });
      return signedIn.ok ? accept(token) : signedIn;
    },

    /** A new account is a member of the invited organisation only, so it becomes the current one. */
    async registerAndEnter(
      token: string,
      input: { readonly name: string; readonly email: string; readonly password: string },
    ): Promise<FormResult<void>> {
      const registered = await deps.auth.register({ ...input, invitationToken: token });
      if (!registered.ok) return registered;
      const signedIn = await deps.auth.login({ email: input.email, password: input.password });
      if (!signedIn.ok) return signedIn;
      await deps.users.reload();
      return formOk(undefined);
    },
  };
}

export type InvitationUseCases = ReturnType<typeof createInvitationUseCases>;
