import { ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema } from '../http/paging';
import { noContent } from '../http/schema';
import { exportFileResponse } from '../results/resultSchemas';
import {
  bulkResultSchema,
  bulkSchema,
  CONTACT_ROUTE_ERRORS,
  contactExportQuerySchema,
  contactInputSchema,
  contactListQuerySchema,
  contactPatchSchema,
  contactSchema,
  describeContactRoute as describe,
  facetsSchema,
  idParams,
} from './contactSchemas';

/** The OpenAPI description of the contacts routes (contactRoutes.ts), with their Dutch texts. */

export const listContactsRoute = {
  ...describe(
    'listContacts',
    'List contacts',
    'De contacten van de organisatie: zoeken (q: naam, e-mailadres, organisatie en plaats; hoofdletters en ' +
      'accenten tellen niet, delen van woorden vinden ook), filteren op tags, kenmerken, afmelding, plaatsing ' +
      'op de kaart en een segment, gesorteerd en per pagina (standaard 50, hoogstens 200), met het totaal.',
  ),
  querystring: contactListQuerySchema,
  response: {
    200: pageSchema(contactSchema, 'Aantal contacten dat aan het filter voldoet.'),
    ...CONTACT_ROUTE_ERRORS,
  },
};

export const contactFacetsRoute = {
  ...describe(
    'getContactFacets',
    'Contact facets',
    'Wat de filterkeuzes aanbieden: de tags en de namen van kenmerken in gebruik, met aantallen, en het totaal.',
  ),
  response: { 200: facetsSchema, ...CONTACT_ROUTE_ERRORS },
};

export const createContactRoute = {
  ...describe(
    'createContact',
    'Add a contact',
    'Voegt een contact toe. Een e-mailadres dat al een contact is (hoofdletters tellen niet) geeft 409.',
  ),
  body: contactInputSchema,
  response: { 201: contactSchema, 409: ERRORS.conflict, ...CONTACT_ROUTE_ERRORS },
};

export const bulkContactsRoute = {
  ...describe(
    'bulkContacts',
    'Act on many contacts',
    'Tags toevoegen of weghalen, of wissen (het AVG-wissen van elk contact), voor gekozen contacten (ids), alle ' +
      'contacten van een filter of van een segment. Ids van een andere organisatie worden genegeerd.',
  ),
  body: bulkSchema,
  response: { 200: bulkResultSchema, ...CONTACT_ROUTE_ERRORS },
};

export const exportContactsRoute = {
  ...describe(
    'exportContacts',
    'Export contacts',
    "De contacten van de lijst (dezelfde zoekopdracht, filters, segment en sortering; zonder pagina's) als CSV " +
      "voor Excel: UTF-8 met BOM, puntkomma's, één kolom per kenmerk. Bestandsnaam " +
      'contacten-<segment of selectie>-<datum>.csv.',
  ),
  querystring: contactExportQuerySchema,
  response: { 200: exportFileResponse, ...CONTACT_ROUTE_ERRORS },
};

export const getContactRoute = {
  ...describe('getContact', 'One contact', 'Eén contact.'),
  params: idParams,
  response: { 200: contactSchema, ...CONTACT_ROUTE_ERRORS },
};

export const updateContactRoute = {
  ...describe(
    'updateContact',
    'Change a contact',
    'Wijzigt de meegestuurde velden; wat ontbreekt blijft. Het geheel wordt opnieuw gecontroleerd. Een ' +
      'e-mailadres van een ander contact geeft 409.',
  ),
  params: idParams,
  body: contactPatchSchema,
  response: { 200: contactSchema, 409: ERRORS.conflict, ...CONTACT_ROUTE_ERRORS },
};

export const deleteContactRoute = {
  ...describe(
    'deleteContact',
    'Erase a contact',
    'Het AVG-wissen: het contact en alles wat over hem is opgeslagen verdwijnen, onherroepelijk. Van de ' +
      'e-mails aan het contact (uitnodigingen en herinneringen) worden adres, onderwerp, inhoud en het ' +
      'antwoord van de mailserver gewist; wat nog niet verstuurd was, wordt geannuleerd. De uitnodigingen ' +
      'blijven zonder contact meetellen in de aantallen per status.',
  ),
  params: idParams,
  response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};
