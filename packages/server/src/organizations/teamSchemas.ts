import { INVITATION_STATES, type Invitation, MEMBER_ROLES, type Member } from '@loop/core';
import { ERRORS, PROTECTED_ERRORS, tokenInput } from '../http/commonSchemas';
import { boolean, integer, nullable, object, oneOf, string } from '../http/schema';

/** The team routes' shared schemas (members, invitations, path parameters, refusals). */

export const TAGS = ['organizations'];
export const role = oneOf(MEMBER_ROLES, {
  description: 'owner (eigenaar), manager (beheerder), member (lid) of viewer (lezer).',
});
export const memberSchema = object<Member>({
  user_id: integer(),
  name: string(),
  email: string(),
  role,
  joined_at: nullable(string({ format: 'date-time', description: 'Lid sinds; null voor oudere leden.' })),
  is_you: boolean({ description: 'Deze rij ben jij.' }),
});
export const invitationSchema = object<Invitation>({
  id: integer(),
  email: string(),
  role,
  invited_by: nullable(string({ description: 'Naam van wie uitnodigde; null als dat account weg is.' })),
  created_at: string({ format: 'date-time' }),
  expires_at: string({ format: 'date-time' }),
  state: oneOf(INVITATION_STATES),
});
export const memberParams = object<{ readonly userId: string }>({
  userId: string({ maxLength: 20, description: 'Id van het lid (gebruiker).' }),
});
export const invitationParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de uitnodiging.' }),
});
export const tokenParams = object<{ readonly token: string }>({
  token: tokenInput('Token uit de uitnodigingslink'),
});

/** What a refused team or invitation change answers (see `refusal`), with every protected route's answers. */
export const CHANGE_REFUSED = {
  400: ERRORS.badRequest,
  403: ERRORS.forbidden,
  404: ERRORS.notFound,
  409: ERRORS.conflict,
  ...PROTECTED_ERRORS,
} as const;
