import type { Organization } from '@loop/core';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useRemote } from '../shared/useRemote';

/**
 * The user's role in an organisation ('owner' or 'member'), or null while unknown (loading, failed):
 * screens then let the server decide, which answers 403 where the role does not suffice.
 */
export function useOrganisationRole(organisationId: number | null): Organization['role'] | null {
  const organisations = useInjection(TOKENS.OrganisationGateway);
  const list = useRemote(() => organisations.list(), `organisations:${organisationId}`);
  return list.value?.find((organisation) => organisation.id === organisationId)?.role ?? null;
}
