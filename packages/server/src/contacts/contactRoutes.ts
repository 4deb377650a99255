import {
  type Contact,
  type ContactBulkResult,
  type ContactCsvMapping,
  type ContactFacets,
  type ContactFilter,
  type ContactImport,
  type ContactSegment,
  type ContactSelection,
  DUPLICATE_POLICIES,
  type DuplicatePolicy,
  FILE_DUPLICATE_CHOICES,
  type FileDuplicateChoice,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  checkContact,
  checkContactFilter,
  checkContactMapping,
  normaliseTags,
  patchedContact,
  type RawQuery,
  tagsProblem,
} from '@loop/core/contacts';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { MAX_SERIAL_ID, parseId } from '../db/database';
import { contacts } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import { ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, noContent } from '../http/schema';
import { mappingField, readUploadForm } from '../import/uploadForm';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { exportFileResponse } from '../results/resultSchemas';
import { eraseContacts } from './contactErase';
import { contactsCsv, contactsExportName } from './contactExport';
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MESSAGES,
  createImport,
  failStaleImports,
  findImport,
  IMPORT_STALE_MS,
  listRecentImports,
  previewOf,
  readContactFile,
  runImport,
  toContactImport,
} from './contactImport';
import { listFilterOf } from './contactListFilter';
import {
  bulkResultSchema,
  bulkSchema,
  CONTACT_ROUTE_ERRORS,
  contactExportQuerySchema,
  contactInputSchema,
  contactListQuerySchema,
  contactPatchSchema,
  contactSchema,
  describeContactRoute,
  facetsSchema,
  IMPORT_FORM_DOCUMENTATION,
  idParams,
  importSchema,
  previewSchema,
  segmentInputSchema,
  segmentPatchSchema,
  segmentSchema,
} from './contactSchemas';
import {
  addTags,
  deleteSegment,
  insertSegment,
  isDuplicateSegment,
  listSegments,
  removeTags,
  SEGMENT_MESSAGES,
  segmentName,
  segmentOf,
  selectionConditions,
  updateSegment,
} from './contactSegments';
import {
  CONTACT_ERRORS,
  contactChunks,
  findContactRow,
  insertContact,
  isDuplicateEmail,
  ListMemory,
  listContacts,
  loadFacets,
  toContact,
  updateContact,
  valuesOf,
} from './contactStore';

export const CONTACT_FORM_MESSAGES = {
  noFile: 'Kies een CSV-bestand met contacten om te importeren (veld "file").',
  unreadable: 'Het bestand kon niet worden gelezen. Probeer het opnieuw.',
  tooLarge: `Het bestand is te groot: een import is hoogstens ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  mappingJson: 'De kolomindeling (mapping) is geen geldige JSON.',
  onDuplicate: 'Kies bij een bestaand e-mailadres update (bijwerken) of skip (overslaan).',
  fileDuplicates:
    'Kies bij een e-mailadres op meer dan één regel first (de eerste regel telt) of last (de laatste regel telt).',
  flag: 'Geef true of false.',
  fileName: 'contacten.csv',
  action: 'Kies als actie add_tags, remove_tags of delete.',
  tags: 'Geef minstens één tag.',
  selection: 'Kies precies één van ids, filter of segment_id.',
} as const;

/** The export of a filter that nothing can match (a segment and a list filter contradicting). */
async function* noChunks(): AsyncGenerator<Contact[]> {}

/** The checked fields of the import form besides the file. */
function importOptions(fields: Readonly<Record<string, string>>): {
  mapping: ContactCsvMapping | null;
  onDuplicate: DuplicatePolicy;
  fileDuplicates: FileDuplicateChoice | null;
  dryRun: boolean;
} {
  const errors: Record<string, string> = {};
  const onDuplicate = (fields.on_duplicate ?? '').trim() || 'update';
  if (!(DUPLICATE_POLICIES as readonly string[]).includes(onDuplicate))
    errors.on_duplicate = CONTACT_FORM_MESSAGES.onDuplicate;
  const fileDuplicates = (fields.file_duplicates ?? '').trim();
  if (fileDuplicates !== '' && !(FILE_DUPLICATE_CHOICES as readonly string[]).includes(fileDuplicates))
    errors.file_duplicates = CONTACT_FORM_MESSAGES.fileDuplicates;
  const dryRunText = (fields.dry_run ?? '').trim().toLowerCase();
  if (dryRunText !== '' && dryRunText !== 'true' && dryRunText !== 'false')
    errors.dry_run = CONTACT_FORM_MESSAGES.flag;
  const mapping = mappingField(fields, errors, CONTACT_FORM_MESSAGES.mappingJson, checkContactMapping);
  if (Object.keys(errors).length > 0) throw invalidInput(errors as FieldErrors);
  return {
    mapping,
    onDuplicate: onDuplicate as DuplicatePolicy,
    fileDuplicates: fileDuplicates === '' ? null : (fileDuplicates as FileDuplicateChoice),
    dryRun: dryRunText === 'true',
  };
}

/** The selection of a bulk action, checked: exactly one of ids, filter or segment_id. */
export function checkSelection(raw: {
  ids?: number[];
  filter?: unknown;
  segment_id?: number;
}): ContactSelection {
  const given = [raw.ids, raw.filter, raw.segment_id].filter((part) => part !== undefined).length;
  if (given !== 1) throw invalidInput({ selection: CONTACT_FORM_MESSAGES.selection });
  if (raw.ids !== undefined) return { ids: raw.ids.filter((id) => id >= 1 && id <= MAX_SERIAL_ID) };
  if (raw.segment_id !== undefined) return { segment_id: raw.segment_id };
  const filter = checkContactFilter(raw.filter, 'selection.filter');
  if (!filter.ok) throw invalidInput(filter.fields);
  return { filter: filter.value };
}

/**
 * Contacts of the current organisation (X-Organization-Id): the list with search and filters,
 * facets, one contact, bulk actions, segments, the CSV export and CSV imports. Every route needs
 * `contacts.manage` (owner, manager and member: contacts are personal data viewers do not see); no
 * plan feature, as surveys need none. Another organisation's ids answer 404 like unknown ones.
 */
export const contactRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = { onRequest: authenticate, config: { permission: 'contacts.manage' as const } };
    const organizationOf = (request: FastifyRequest) => currentOrganization(deps, request);
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'contacts', action, orgId: organizationId, message });
    const idOf = (raw: string, notFound: string): number => {
      const id = parseId(raw);
      if (id === null) throw new ApiError(404, notFound);
      return id;
    };
    const describe = describeContactRoute;
    const errors = CONTACT_ROUTE_ERRORS;

    // Imports still 'running' from before this start were cut off (or run on another instance, which
    // then shows progress within IMPORT_STALE_MS and is left alone).
    const started = deps.clock.now();
    await failStaleImports(deps.db, new Date(started.getTime() - IMPORT_STALE_MS), started);
    const running = new Set<Promise<void>>();
    const memory = new ListMemory();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });

    /** The list query as a filter with the segment's, checked; `impossible` when nothing can match. */
    const listFilter = (organizationId: number, query: RawQuery) =>
      listFilterOf(deps.db, organizationId, query);

    app.get(
      '/contacts',
      {
        ...manage,
        schema: {
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
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const { query, filter, impossible } = await listFilter(organization.id, request.query as RawQuery);
        const { page, page_size: pageSize } = query;
        const { itemsJson, total } = impossible
          ? { itemsJson: '[]', total: 0 }
          : await listContacts(
              deps.db,
              organization.id,
              {
                filter,
                sort: query.sort,
                order: query.order,
                limit: pageSize,
                offset: (page - 1) * pageSize,
              },
              memory,
            );
        // The page's JSON comes from the database (listContacts) and goes out as it is: a string
        // with a JSON content type is not serialised again.
        return (reply as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(`{"items":${itemsJson},"total":${total},"page":${page},"page_size":${pageSize}}`);
      },
    );

    app.get(
      '/contacts/facets',
      {
        ...manage,
        schema: {
          ...describe(
            'getContactFacets',
            'Contact facets',
            'Wat de filterkeuzes aanbieden: de tags en de namen van kenmerken in gebruik, met aantallen, en het totaal.',
          ),
          response: { 200: facetsSchema, ...errors },
        },
      },
      async (request): Promise<ContactFacets> => loadFacets(deps.db, (await organizationOf(request)).id),
    );

    app.post(
      '/contacts',
      {
        ...manage,
        schema: {
          ...describe(
            'createContact',
            'Add a contact',
            'Voegt een contact toe. Een e-mailadres dat al een contact is (hoofdletters tellen niet) geeft 409.',
          ),
          body: contactInputSchema,
          response: { 201: contactSchema, 409: ERRORS.conflict, ...errors },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const checked = checkContact(request.body);
        if (!checked.ok) throw invalidInput(checked.fields);
        try {
          const row = await insertContact(deps.db, organization.id, checked.value, deps.clock.now());
          audit(
            request,
            organization.id,
            'contacts.created',
            `Contact ${row.id} toegevoegd in organisatie ${organization.id}`,
          );
          return reply.code(201).send(toContact(row));
        } catch (error) {
          if (isDuplicateEmail(error))
            throw new ApiError(409, CONTACT_ERRORS.duplicateEmail(checked.value.email), {
              email: CONTACT_ERRORS.duplicateEmail(checked.value.email),
            });
          throw error;
        }
      },
    );

    app.post(
      '/contacts/bulk',
      {
        ...manage,
        schema: {
          ...describe(
            'bulkContacts',
            'Act on many contacts',
            'Tags toevoegen of weghalen, of wissen (het AVG-wissen van elk contact), voor gekozen contacten (ids), alle ' +
              'contacten van een filter of van een segment. Ids van een andere organisatie worden genegeerd.',
          ),
          body: bulkSchema,
          response: { 200: bulkResultSchema, ...errors },
        },
      },
      async (request): Promise<ContactBulkResult> => {
        const organization = await organizationOf(request);
        const body = request.body;
        const action = body.action;
        if (action !== 'add_tags' && action !== 'remove_tags' && action !== 'delete')
          throw invalidInput({ action: CONTACT_FORM_MESSAGES.action });
        let tags: string[] = [];
        if (action !== 'delete') {
          tags = normaliseTags(body.tags ?? []);
          const problem = tags.length === 0 ? CONTACT_FORM_MESSAGES.tags : tagsProblem(tags);
          if (problem !== null) throw invalidInput({ tags: problem });
        }
        const selection = checkSelection(body.selection);
        const now = deps.clock.now();
        const affected = await deps.db.transaction(async (tx) => {
          const where = await selectionConditions(tx, organization.id, selection);
          if (action === 'delete') return eraseContacts(tx, organization.id, where, now);
          return action === 'add_tags' ? addTags(tx, where, tags, now) : removeTags(tx, where, tags, now);
        });
        audit(
          request,
          organization.id,
          `contacts.bulk_${action}`,
          `${affected} contacten ${action === 'delete' ? 'gewist' : 'getagd'} in organisatie ${organization.id}`,
        );
        return { affected };
      },
    );

    app.get(
      '/contacts/export',
      {
        ...manage,
        schema: {
          ...describe(
            'exportContacts',
            'Export contacts',
            "De contacten van de lijst (dezelfde zoekopdracht, filters, segment en sortering; zonder pagina's) als CSV " +
              "voor Excel: UTF-8 met BOM, puntkomma's, één kolom per kenmerk. Bestandsnaam " +
              'contacten-<segment of selectie>-<datum>.csv.',
          ),
          querystring: contactExportQuerySchema,
          response: { 200: exportFileResponse, ...errors },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const {
          query,
          filter,
          impossible,
          segmentName: segment,
        } = await listFilter(organization.id, request.query as RawQuery);
        const facets = await loadFacets(deps.db, organization.id);
        const keys = facets.attribute_keys.map((entry) => entry.key).sort();
        audit(
          request,
          organization.id,
          'contacts.exported',
          `Contacten van organisatie ${organization.id} geëxporteerd`,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${contactsExportName(segment, deps.clock.now())}"`,
          )
          .header('cache-control', 'no-store')
          .send(
            contactsCsv(
              impossible
                ? noChunks()
                : contactChunks(deps.db, organization.id, filter, query.sort, query.order),
              keys,
            ),
          );
      },
    );

    app.get(
      '/contacts/segments',
      {
        ...manage,
        schema: {
          ...describe(
            'listContactSegments',
            'List segments',
            'De opgeslagen filters, op naam, met het aantal contacten nu.',
          ),
          response: { 200: array(segmentSchema), ...errors },
        },
      },
      async (request): Promise<ContactSegment[]> => listSegments(deps.db, (await organizationOf(request)).id),
    );

    const checkedName = (raw: string): string => {
      const name = segmentName(raw);
      if (name === null) throw invalidInput({ name: SEGMENT_MESSAGES.name });
      return name;
    };
    const checkedFilter = (raw: unknown): ContactFilter => {
      const filter = checkContactFilter(raw);
      if (!filter.ok) throw invalidInput(filter.fields);
      return filter.value;
    };
    const duplicateSegment = (error: unknown, name: string): never => {
      if (isDuplicateSegment(error))
        throw new ApiError(409, CONTACT_ERRORS.duplicateSegment(name), {
          name: CONTACT_ERRORS.duplicateSegment(name),
        });
      throw error;
    };

    app.post(
      '/contacts/segments',
      {
        ...manage,
        schema: {
          ...describe(
            'createContactSegment',
            'Save a segment',
            'Slaat een filter op onder een naam (uniek binnen de organisatie; hoofdletters tellen niet, anders 409).',
          ),
          body: segmentInputSchema,
          response: { 201: segmentSchema, 409: ERRORS.conflict, ...errors },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const name = checkedName(request.body.name);
        const filter = checkedFilter(request.body.filter);
        try {
          const row = await insertSegment(deps.db, organization.id, name, filter, deps.clock.now());
          audit(
            request,
            organization.id,
            'contacts.segment_created',
            `Segment ${row.id} aangemaakt in organisatie ${organization.id}`,
          );
          return reply.code(201).send(await segmentOf(deps.db, row));
        } catch (error) {
          return duplicateSegment(error, name);
        }
      },
    );

    app.patch(
      '/contacts/segments/:id',
      {
        ...manage,
        schema: {
          ...describe(
            'updateContactSegment',
            'Change a segment',
            'Wijzigt de naam en/of het filter van een segment.',
          ),
          params: idParams,
          body: segmentPatchSchema,
          response: { 200: segmentSchema, 409: ERRORS.conflict, ...errors },
        },
      },
      async (request): Promise<ContactSegment> => {
        const organization = await organizationOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.segmentNotFound);
        const name = request.body.name === undefined ? undefined : checkedName(request.body.name);
        const filter = request.body.filter === undefined ? undefined : checkedFilter(request.body.filter);
        try {
          const row = await updateSegment(
            deps.db,
            organization.id,
            id,
            { ...(name === undefined ? {} : { name }), ...(filter === undefined ? {} : { filter }) },
            deps.clock.now(),
          );
          if (row === null) throw new ApiError(404, CONTACT_ERRORS.segmentNotFound);
          return segmentOf(deps.db, row);
        } catch (error) {
          return duplicateSegment(error, name ?? '');
        }
      },
    );

    app.delete(
      '/contacts/segments/:id',
      {
        ...manage,
        schema: {
          ...describe(
            'deleteContactSegment',
            'Delete a segment',
            'Verwijdert het opgeslagen filter; de contacten blijven.',
          ),
          params: idParams,
          response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.segmentNotFound);
        if (!(await deleteSegment(deps.db, organization.id, id)))
          throw new ApiError(404, CONTACT_ERRORS.segmentNotFound);
        return reply.code(204).send();
      },
    );

    app.post(
      '/contacts/imports',
      {
        ...manage,
        config: { ...manage.config, uploadField: 'file', uploadForm: IMPORT_FORM_DOCUMENTATION },
        schema: {
          ...describe(
            'importContacts',
            'Import contacts from CSV',
            'Importeert contacten uit een CSV-bestand (multipart/form-data, veld "file"; UTF-8, Windows-1252 of UTF-16, ' +
              'scheidingsteken herkend). dry_run=true leest alleen: 200 met de kolomkoppen, de voorgestelde kolomindeling, ' +
              'de eerste regels en de e-mailadressen die op meer dan één regel staan (met hun regelnummers). Anders 202 ' +
              'met de import, die daarna doorloopt: volg hem met GET /contacts/imports/{id} tot state niet meer running ' +
              'is. Staat een e-mailadres op meer dan één regel, dan kiest file_duplicates welke regel telt (zonder: 400).',
          ),
          consumes: ['multipart/form-data'],
          response: { 200: previewSchema, 202: importSchema, 413: ERRORS.payloadTooLarge, ...errors },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const form = await readUploadForm(request, CONTACT_IMPORT_MAX_BYTES, CONTACT_FORM_MESSAGES);
        const options = importOptions(form.fields);
        const file = readContactFile(form.bytes, options.mapping);
        if (!file.ok) throw new ApiError(400, file.detail, file.fields);
        if (options.dryRun) return reply.code(200).send(previewOf(form.fileName, file));
        if (file.columns === null) {
          const detail = CONTACT_IMPORT_MESSAGES.notRecognised(file.headers);
          throw new ApiError(400, detail, { mapping: detail });
        }
        if (file.rows.length === 0) throw new ApiError(400, CONTACT_IMPORT_MESSAGES.noDataRows);
        const [example] = file.duplicates;
        if (example !== undefined && options.fileDuplicates === null) {
          // The person chooses which row of a repeated address counts; the import never guesses.
          const detail = CONTACT_IMPORT_MESSAGES.fileDuplicatesUnchosen(file.duplicates.length, example);
          throw new ApiError(400, detail, { file_duplicates: detail });
        }
        const row = await createImport(
          deps.db,
          {
            organizationId: organization.id,
            userId: authOf(request).user.id,
            fileName: form.fileName,
            onDuplicate: options.onDuplicate,
            fileDuplicates: example === undefined ? null : options.fileDuplicates,
            rows: file.rows.length,
          },
          deps.clock.now(),
        );
        audit(
          request,
          organization.id,
          'contacts.import_started',
          `Import ${row.id} van ${file.rows.length} regels gestart in organisatie ${organization.id}`,
        );
        const job = runImport(deps, row, file)
          .catch((error: unknown) => request.log.error({ err: error }, `Contactenimport ${row.id} mislukt`))
          .finally(() => running.delete(job));
        running.add(job);
        return reply.code(202).send(toContactImport(row));
      },
    );

    app.get(
      '/contacts/imports',
      {
        ...manage,
        schema: {
          ...describe(
            'listContactImports',
            'Recent contact imports',
            'De laatste 20 imports, nieuwste eerst.',
          ),
          response: { 200: array(importSchema), ...errors },
        },
      },
      async (request): Promise<ContactImport[]> =>
        listRecentImports(deps, (await organizationOf(request)).id),
    );

    app.get(
      '/contacts/imports/:id',
      {
        ...manage,
        schema: {
          ...describe(
            'getContactImport',
            'One contact import',
            'Een import met zijn voortgang (processed van rows), de aantallen en de geweigerde regels.',
          ),
          params: idParams,
          response: { 200: importSchema, ...errors },
        },
      },
      async (request): Promise<ContactImport> => {
        const organization = await organizationOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.importNotFound);
        const found = await findImport(deps, organization.id, id);
        if (found === null) throw new ApiError(404, CONTACT_ERRORS.importNotFound);
        return found;
      },
    );

    app.get(
      '/contacts/:id',
      {
        ...manage,
        schema: {
          ...describe('getContact', 'One contact', 'Eén contact.'),
          params: idParams,
          response: { 200: contactSchema, ...errors },
        },
      },
      async (request): Promise<Contact> => {
        const organization = await organizationOf(request);
        const row = await findContactRow(
          deps.db,
          organization.id,
          idOf(request.params.id, CONTACT_ERRORS.notFound),
        );
        if (row === null) throw new ApiError(404, CONTACT_ERRORS.notFound);
        return toContact(row);
      },
    );

    app.patch(
      '/contacts/:id',
      {
        ...manage,
        schema: {
          ...describe(
            'updateContact',
            'Change a contact',
            'Wijzigt de meegestuurde velden; wat ontbreekt blijft. Het geheel wordt opnieuw gecontroleerd. Een ' +
              'e-mailadres van een ander contact geeft 409.',
          ),
          params: idParams,
          body: contactPatchSchema,
          response: { 200: contactSchema, 409: ERRORS.conflict, ...errors },
        },
      },
      async (request): Promise<Contact> => {
        const organization = await organizationOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.notFound);
        let email = '';
        try {
          const changed = await deps.db.transaction(async (tx) => {
            const current = await findContactRow(tx, organization.id, id, true);
            if (current === null) return null;
            const checked = checkContact(patchedContact(valuesOf(current), request.body as never));
            if (!checked.ok) throw invalidInput(checked.fields);
            email = checked.value.email;
            return updateContact(tx, organization.id, id, checked.value, deps.clock.now());
          });
          if (changed === null) throw new ApiError(404, CONTACT_ERRORS.notFound);
          audit(
            request,
            organization.id,
            'contacts.updated',
            `Contact ${id} gewijzigd in organisatie ${organization.id}`,
          );
          return toContact(changed);
        } catch (error) {
          if (isDuplicateEmail(error))
            throw new ApiError(409, CONTACT_ERRORS.duplicateEmail(email), {
              email: CONTACT_ERRORS.duplicateEmail(email),
            });
          throw error;
        }
      },
    );

    app.delete(
      '/contacts/:id',
      {
        ...manage,
        schema: {
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
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.notFound);
        const erased = await eraseContacts(deps.db, organization.id, [eq(contacts.id, id)], deps.clock.now());
        if (erased === 0) throw new ApiError(404, CONTACT_ERRORS.notFound);
        audit(
          request,
          organization.id,
          'contacts.erased',
          `Contact ${id} gewist (AVG) in organisatie ${organization.id}`,
        );
        return reply.code(204).send();
      },
    );
  };
