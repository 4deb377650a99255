import type { Invoice, InvoiceDetails, Page } from '@loop/core';
import { checkInvoiceDetails, invoiceFileName } from '@loop/core/billing';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, pagingQuerySchema, parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { object, type Schema, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationRoute } from '../organizations/organizationRoute';
import { invoiceDetailsSchema, invoiceSchema } from './billingSchemas';
import {
  findInvoice,
  findInvoiceDetails,
  INVOICE_MESSAGES,
  listInvoices,
  renderInvoicePdf,
  saveInvoiceDetails,
  toInvoice,
} from './invoices';

const TAGS = ['payments'];

const invoiceIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de factuur.' }),
});

async function invoiceDetails(deps: Pick<AppDeps, 'db'>, organizationId: number): Promise<InvoiceDetails> {
  const details = await findInvoiceDetails(deps.db, organizationId);
  if (details === null) throw new ApiError(404, INVOICE_MESSAGES.notFound);
  return details;
}

/**
 * The organisation's invoices and the details they are made out to. Who reads the finance reads
 * the invoices (owners, managers, members); who manages billing (owners) sets the details.
 */
export const invoiceRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/invoices',
      organizationRoute(authenticate, 'finance.read', {
        operationId: 'listInvoices',
        tags: TAGS,
        summary: "The organisation's invoices",
        description:
          'De facturen van de huidige organisatie, nieuwste eerst (standaard pagina 1, 25 per pagina). Elke ' +
          'betaalde betaling heeft er één. Voor eigenaren, beheerders en leden.',
        querystring: pagingQuerySchema,
        response: {
          200: pageSchema<Invoice>(invoiceSchema, 'Aantal facturen van de organisatie.'),
          400: ERRORS.badRequest,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request): Promise<Page<Invoice>> => {
        const paging = parsePaging(request.query);
        const organization = await currentOrganization(deps, request);
        return listInvoices(deps.db, organization.id, paging);
      },
    );

    app.get(
      '/invoices/:id/pdf',
      organizationRoute(authenticate, 'finance.read', {
        operationId: 'downloadInvoicePdf',
        tags: TAGS,
        summary: 'One invoice as PDF',
        description:
          "Eén factuur als A4-PDF ('factuur-LOOP-2026-000001.pdf'), gemaakt uit wat bij de betaling is vastgelegd: " +
          'elke download is hetzelfde bestand. Van een andere organisatie: 404.',
        params: invoiceIdParams,
        response: {
          200: string({ format: 'binary', description: 'Het PDF-bestand.' }) as Schema<unknown>,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request, reply) => {
        const organization = await currentOrganization(deps, request);
        const id = parseId(request.params.id);
        const row = id === null ? null : await findInvoice(deps.db, organization.id, id);
        if (row === null) throw new ApiError(404, INVOICE_MESSAGES.notFound);
        const bytes = await renderInvoicePdf(toInvoice(row));
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${invoiceFileName(row.number)}"`)
          .send(Buffer.from(bytes));
      },
    );

    app.get(
      '/organization/invoice-details',
      organizationRoute(authenticate, 'billing.manage', {
        operationId: 'getInvoiceDetails',
        tags: TAGS,
        summary: 'The invoice details',
        description:
          'Waarop de facturen van de organisatie staan: tenaamstelling, adres en btw-nummer (leeg: niet ' +
          'opgegeven). Alleen voor eigenaren.',
        response: {
          200: invoiceDetailsSchema,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request) => invoiceDetails(deps, (await currentOrganization(deps, request)).id),
    );

    app.put(
      '/organization/invoice-details',
      organizationRoute(authenticate, 'billing.manage', {
        operationId: 'saveInvoiceDetails',
        tags: TAGS,
        summary: 'Set the invoice details',
        description:
          'Vervangt de factuurgegevens. Straat, postcode en plaats horen bij elkaar; een Nederlandse postcode ' +
          "wordt '1234 AB', een btw-nummer is NL + 9 cijfers + B + 2 cijfers of een ander EU-nummer. Geldt voor " +
          'facturen die hierna komen; een verstuurde factuur verandert niet. Alleen voor eigenaren.',
        body: invoiceDetailsSchema,
        response: {
          200: invoiceDetailsSchema,
          400: ERRORS.badRequest,
          403: ERRORS.forbidden,
          404: ERRORS.notFound,
          ...PROTECTED_ERRORS,
        },
      }),
      async (request) => {
        const organization = await currentOrganization(deps, request);
        const checked = checkInvoiceDetails(request.body);
        if (!checked.ok) throw invalidInput(checked.fields);
        const saved = await saveInvoiceDetails(deps.db, organization.id, checked.value);
        auditRequest(deps.log, request, {
          category: 'organization',
          action: 'organization.invoice_details_changed',
          orgId: organization.id,
          message: `Factuurgegevens van organisatie ${organization.id} gewijzigd`,
        });
        return saved;
      },
    );
  };
