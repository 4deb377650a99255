import type { Contact, ContactLatestInvitationResult, ContactMapData, ContactMapSurveys } from '@loop/core';
import type { RawQuery } from '@loop/core/contacts';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { contactsEdge, idOf, manageContacts, unwrap } from './contactHttp';
import {
  contactMapRoute,
  latestInvitationRoute,
  mapSurveysRoute,
  placeContactRoute,
  unplaceContactRoute,
} from './contactMapSchemas';
import {
  contactLatestInvitation,
  contactMap,
  mapSurveys,
  placeContact,
  positionOf,
  unplaceContact,
} from './contactMapUseCases';
import { CONTACT_ERRORS } from './contactStore';

// The map's tests name its refusals from here.
export { CONTACT_MAP_ERRORS } from './contactMapUseCases';

/**
 * The contacts map of the current organisation: GET /contacts/map (the placed contacts of the
 * list's filter and why the others are not placed), PUT /contacts/:id/position (placed by hand;
 * kept until the address changes) and DELETE /contacts/:id/position (given back to the geocoder).
 * Permission and plan as the contacts routes: `contacts.manage`, no plan feature. The routes parse,
 * call one use-case (contactMapUseCases.ts) and answer its value or refusal.
 */
export const contactMapRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = manageContacts(authenticate);
    const { organizationIdOf, audit } = contactsEdge(deps);
    const contactId = (raw: string): number => idOf(raw, CONTACT_ERRORS.notFound);

    app.get(
      '/contacts/map',
      { ...manage, schema: contactMapRoute },
      async (request): Promise<ContactMapData> => {
        const organizationId = await organizationIdOf(request);
        return unwrap(
          await contactMap(deps, organizationId, request.query as RawQuery, () => {
            void app.contactGeocoding?.runOnce();
          }),
        );
      },
    );

    app.get(
      '/contacts/map/surveys',
      { ...manage, schema: mapSurveysRoute },
      async (request): Promise<ContactMapSurveys> => mapSurveys(deps, await organizationIdOf(request)),
    );

    app.get(
      '/contacts/:id/latest-invitation',
      { ...manage, schema: latestInvitationRoute },
      async (request): Promise<ContactLatestInvitationResult> => {
        const organizationId = await organizationIdOf(request);
        const id = contactId(request.params.id);
        return unwrap(await contactLatestInvitation(deps, organizationId, id, request.query));
      },
    );

    app.put(
      '/contacts/:id/position',
      { ...manage, schema: placeContactRoute },
      async (request): Promise<Contact> => {
        const position = unwrap(positionOf(request.body));
        const organizationId = await organizationIdOf(request);
        const id = contactId(request.params.id);
        const contact = unwrap(await placeContact(deps, organizationId, id, position));
        audit(
          request,
          organizationId,
          'contacts.placed',
          `Contact ${id} met de hand op de kaart gezet in organisatie ${organizationId}`,
        );
        return contact;
      },
    );

    app.delete(
      '/contacts/:id/position',
      { ...manage, schema: unplaceContactRoute },
      async (request): Promise<Contact> => {
        const organizationId = await organizationIdOf(request);
        const id = contactId(request.params.id);
        const contact = unwrap(await unplaceContact(deps, organizationId, id));
        audit(
          request,
          organizationId,
          'contacts.unplaced',
          `Contact ${id} teruggegeven aan de adreszoeker in organisatie ${organizationId}`,
        );
        return contact;
      },
    );
  };
