import type { Contact, ContactBulkResult, ContactFacets, ContactImport, ContactSegment } from '@loop/core';
import type { RawQuery } from '@loop/core/contacts';
import type { FastifyReply } from 'fastify';
import { authOf } from '../auth/authenticate';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { readUploadForm } from '../import/uploadForm';
import { contactsEdge, idOf, manageContacts, unwrap } from './contactHttp';
import { CONTACT_IMPORT_MAX_BYTES } from './contactImportFile';
import {
  getImportRoute,
  IMPORT_FORM_DOCUMENTATION,
  importContactsRoute,
  listImportsRoute,
} from './contactImportSchemas';
import {
  failInterruptedImports,
  getImport,
  ImportJobs,
  importContacts,
  recentImports,
} from './contactImportUseCases';
import { ListMemory } from './contactListStore';
import { CONTACT_FORM_MESSAGES } from './contactRefusals';
import {
  bulkContactsRoute,
  contactFacetsRoute,
  createContactRoute,
  deleteContactRoute,
  exportContactsRoute,
  getContactRoute,
  listContactsRoute,
  updateContactRoute,
} from './contactRouteSchemas';
import {
  createSegmentRoute,
  deleteSegmentRoute,
  listSegmentsRoute,
  updateSegmentRoute,
} from './contactSegmentSchemas';
import { changeSegment, contactSegments, createSegment, removeSegment } from './contactSegmentUseCases';
import { CONTACT_ERRORS } from './contactStore';
import {
  bulkContacts,
  changeContact,
  contactFacets,
  createContact,
  eraseContact,
  exportContacts,
  getContact,
  listContactPage,
} from './contactUseCases';

/**
 * Contacts of the current organisation (X-Organization-Id): the list with search and filters,
 * facets, one contact, bulk actions, segments, the CSV export and CSV imports. Every route needs
 * `contacts.manage` (owner, manager and member: contacts are personal data viewers do not see); no
 * plan feature, as surveys need none. Another organisation's ids answer 404 like unknown ones.
 * The routes parse, call one use-case (contactUseCases.ts, contactSegmentUseCases.ts,
 * contactImportUseCases.ts) and answer its value or refusal.
 */
export const contactRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = manageContacts(authenticate);
    const { organizationIdOf, audit } = contactsEdge(deps);

    await failInterruptedImports(deps);
    const jobs = new ImportJobs();
    const memory = new ListMemory();
    app.addHook('onClose', async () => {
      await jobs.settle();
    });

    app.get('/contacts', { ...manage, schema: listContactsRoute }, async (request, reply) => {
      const organizationId = await organizationIdOf(request);
      const { itemsJson, total, page, pageSize } = unwrap(
        await listContactPage(deps, memory, organizationId, request.query as RawQuery),
      );
      // The page's JSON comes from the database (listContacts) and goes out as it is: a string
      // with a JSON content type is not serialised again.
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`{"items":${itemsJson},"total":${total},"page":${page},"page_size":${pageSize}}`);
    });

    app.get(
      '/contacts/facets',
      { ...manage, schema: contactFacetsRoute },
      async (request): Promise<ContactFacets> => contactFacets(deps, await organizationIdOf(request)),
    );

    app.post('/contacts', { ...manage, schema: createContactRoute }, async (request, reply) => {
      const organizationId = await organizationIdOf(request);
      const contact = unwrap(await createContact(deps, organizationId, request.body));
      audit(
        request,
        organizationId,
        'contacts.created',
        `Contact ${contact.id} toegevoegd in organisatie ${organizationId}`,
      );
      return reply.code(201).send(contact);
    });

    app.post(
      '/contacts/bulk',
      { ...manage, schema: bulkContactsRoute },
      async (request): Promise<ContactBulkResult> => {
        const organizationId = await organizationIdOf(request);
        const { action, affected } = unwrap(await bulkContacts(deps, organizationId, request.body));
        audit(
          request,
          organizationId,
          `contacts.bulk_${action}`,
          `${affected} contacten ${action === 'delete' ? 'gewist' : 'getagd'} in organisatie ${organizationId}`,
        );
        return { affected };
      },
    );

    app.get('/contacts/export', { ...manage, schema: exportContactsRoute }, async (request, reply) => {
      const organizationId = await organizationIdOf(request);
      const { fileName, csv } = unwrap(await exportContacts(deps, organizationId, request.query as RawQuery));
      audit(
        request,
        organizationId,
        'contacts.exported',
        `Contacten van organisatie ${organizationId} geëxporteerd`,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });

    app.get(
      '/contacts/segments',
      { ...manage, schema: listSegmentsRoute },
      async (request): Promise<ContactSegment[]> => contactSegments(deps, await organizationIdOf(request)),
    );

    app.post('/contacts/segments', { ...manage, schema: createSegmentRoute }, async (request, reply) => {
      const organizationId = await organizationIdOf(request);
      const segment = unwrap(await createSegment(deps, organizationId, request.body));
      audit(
        request,
        organizationId,
        'contacts.segment_created',
        `Segment ${segment.id} aangemaakt in organisatie ${organizationId}`,
      );
      return reply.code(201).send(segment);
    });

    app.patch(
      '/contacts/segments/:id',
      { ...manage, schema: updateSegmentRoute },
      async (request): Promise<ContactSegment> => {
        const organizationId = await organizationIdOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.segmentNotFound);
        return unwrap(await changeSegment(deps, organizationId, id, request.body));
      },
    );

    app.delete(
      '/contacts/segments/:id',
      { ...manage, schema: deleteSegmentRoute },
      async (request, reply) => {
        const organizationId = await organizationIdOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.segmentNotFound);
        unwrap(await removeSegment(deps, organizationId, id));
        return reply.code(204).send();
      },
    );

    app.post(
      '/contacts/imports',
      {
        ...manage,
        config: { ...manage.config, uploadField: 'file', uploadForm: IMPORT_FORM_DOCUMENTATION },
        schema: importContactsRoute,
      },
      async (request, reply) => {
        const organizationId = await organizationIdOf(request);
        // Reading the file is one of the organisation's heavy jobs (R-HEAVY-5); storing runs on.
        const answer = await deps.heavyJobs.run(organizationId, async () => {
          const form = await readUploadForm(request, CONTACT_IMPORT_MAX_BYTES, CONTACT_FORM_MESSAGES);
          return unwrap(
            await importContacts(
              deps,
              jobs,
              {
                organizationId,
                userId: authOf(request).user.id,
                fileName: form.fileName,
                bytes: form.bytes,
                fields: form.fields,
              },
              (error, importId) => request.log.error({ err: error }, `Contactenimport ${importId} mislukt`),
            ),
          );
        });
        if (answer.dryRun) return reply.code(200).send(answer.preview);
        audit(
          request,
          organizationId,
          'contacts.import_started',
          `Import ${answer.started.id} van ${answer.rows} regels gestart in organisatie ${organizationId}`,
        );
        return reply.code(202).send(answer.started);
      },
    );

    app.get(
      '/contacts/imports',
      { ...manage, schema: listImportsRoute },
      async (request): Promise<ContactImport[]> => recentImports(deps, await organizationIdOf(request)),
    );

    app.get(
      '/contacts/imports/:id',
      { ...manage, schema: getImportRoute },
      async (request): Promise<ContactImport> => {
        const organizationId = await organizationIdOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.importNotFound);
        return unwrap(await getImport(deps, organizationId, id));
      },
    );

    app.get('/contacts/:id', { ...manage, schema: getContactRoute }, async (request): Promise<Contact> => {
      const organizationId = await organizationIdOf(request);
      const id = idOf(request.params.id, CONTACT_ERRORS.notFound);
      return unwrap(await getContact(deps, organizationId, id));
    });

    app.patch(
      '/contacts/:id',
      { ...manage, schema: updateContactRoute },
      async (request): Promise<Contact> => {
        const organizationId = await organizationIdOf(request);
        const id = idOf(request.params.id, CONTACT_ERRORS.notFound);
        const contact = unwrap(await changeContact(deps, organizationId, id, request.body));
        audit(
          request,
          organizationId,
          'contacts.updated',
          `Contact ${id} gewijzigd in organisatie ${organizationId}`,
        );
        return contact;
      },
    );

    app.delete('/contacts/:id', { ...manage, schema: deleteContactRoute }, async (request, reply) => {
      const organizationId = await organizationIdOf(request);
      const id = idOf(request.params.id, CONTACT_ERRORS.notFound);
      unwrap(await eraseContact(deps, organizationId, id));
      audit(
        request,
        organizationId,
        'contacts.erased',
        `Contact ${id} gewist (AVG) in organisatie ${organizationId}`,
      );
      return reply.code(204).send();
    });
  };
