import type { MultipartFile } from '@fastify/multipart';
import type { Branding, Organization, UpdateBrandingRequest } from '@loop/core';
import {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_WRONG_TYPE,
  primaryColorError,
} from '@loop/core/branding';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { nullable, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { type BrandingImage, getBranding, setImage, setPrimaryColor } from './branding';
import { detectImageType } from './imageType';
import type { UploadStore } from './uploadStore';

export const BRANDING_MESSAGES = {
  noFile: 'Kies een afbeelding om te uploaden (veld "file").',
  unreadable: 'Het bestand kon niet worden gelezen. Probeer het opnieuw.',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documents a multipart body with one file in this field (the body itself is read in the handler). */
    uploadField?: string;
  }
}

const TAGS = ['branding'];

export const brandingSchema = object<Branding>(
  {
    logo_url: nullable(
      string({ description: 'Logo, relatief aan de site (/uploads/…), of null voor het standaardlogo.' }),
    ),
    background_url: nullable(string({ description: 'Achtergrond, of null voor de standaardachtergrond.' })),
    primary_color: nullable(string({ description: 'Merkkleur #rrggbb, of null voor de standaardkleur.' })),
    version: string({ description: 'Verandert bij elke wijziging; voor de cache-busting parameter v.' }),
  },
  { description: 'Huisstijl van de organisatie.' },
);

/** The organisation's look: everyone in it may read it; owners and managers change it (`branding.manage`). */
export const brandingRoutes =
  ({ deps, authenticate, requireFeature }: RouteContext, uploads: UploadStore): RoutesPlugin =>
  async (app) => {
    const organizationOf = (request: FastifyRequest): Promise<Organization> =>
      currentOrganization(deps, request);

    // Changing the look is a feature of the plan (smartloop and up); reading it stays open to all.
    const brandingFeature = requireFeature('branding');

    const auditBranding = (request: FastifyRequest, organizationId: number, what: string) =>
      auditRequest(deps.log, request, {
        category: 'organization',
        action: 'organization.branding_updated',
        orgId: organizationId,
        message: `Huisstijl van organisatie ${organizationId} bijgewerkt: ${what}`,
      });

    const readResponses = { 200: brandingSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS };
    const changeResponses = { ...readResponses, 400: ERRORS.badRequest, 403: ERRORS.forbidden };

    app.get(
      '/branding/mine',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getBranding',
          tags: TAGS,
          summary: "The current organisation's branding",
          description: 'Logo, achtergrond en merkkleur van de huidige organisatie (null = standaard).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: readResponses,
        },
      },
      async (request) => getBranding(deps.db, (await organizationOf(request)).id),
    );

    app.patch(
      '/branding/mine',
      {
        onRequest: authenticate,
        config: { permission: 'branding.manage' },
        preHandler: brandingFeature,
        schema: {
          operationId: 'updateBranding',
          tags: TAGS,
          summary: 'Change the brand colour',
          description:
            'Zet de merkkleur (#rrggbb) of terug naar de standaard (null). Alleen voor eigenaren, met de functie branding in het abonnement.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: object<UpdateBrandingRequest>({
            primary_color: nullable(string({ maxLength: 100, description: 'Kleur #rrggbb of null.' })),
          }),
          response: changeResponses,
        },
      },
      async (request) => {
        const organization = await organizationOf(request);
        const colourError = primaryColorError(request.body.primary_color);
        if (colourError !== null) throw invalidInput({ primary_color: colourError });
        const branding = await setPrimaryColor(
          deps.db,
          deps.clock,
          organization.id,
          request.body.primary_color,
        );
        auditBranding(request, organization.id, 'huisstijlkleur');
        return branding;
      },
    );

    const uploadImage = async (request: FastifyRequest, image: BrandingImage): Promise<Branding> => {
      const organization = await organizationOf(request);
      const bytes = await readUploadedFile(request);
      const type = detectImageType(bytes);
      if (type === null) throw new ApiError(400, BRANDING_UPLOAD_WRONG_TYPE);
      const path = await uploads.save(organization.id, bytes, type.extension);
      let result: Awaited<ReturnType<typeof setImage>>;
      try {
        result = await setImage(deps.db, deps.clock, organization.id, image, path);
      } catch (error) {
        await uploads.remove(path);
        throw error;
      }
      await removeReplaced(request, uploads, result.replaced);
      auditBranding(request, organization.id, image === 'logo' ? 'logo' : 'achtergrond');
      return result.branding;
    };

    const removeImage = async (request: FastifyRequest, image: BrandingImage): Promise<Branding> => {
      const organization = await organizationOf(request);
      const result = await setImage(deps.db, deps.clock, organization.id, image, null);
      await removeReplaced(request, uploads, result.replaced);
      auditBranding(
        request,
        organization.id,
        image === 'logo' ? 'logo verwijderd' : 'achtergrond verwijderd',
      );
      return result.branding;
    };

    for (const image of ['logo', 'background'] as const) {
      const noun = image === 'logo' ? 'het logo' : 'de achtergrond';
      app.post(
        `/branding/${image}`,
        {
          onRequest: authenticate,
          preHandler: brandingFeature,
          config: { uploadField: 'file', permission: 'branding.manage' },
          schema: {
            operationId: image === 'logo' ? 'uploadLogo' : 'uploadBackground',
            tags: TAGS,
            summary: `Upload the ${image}`,
            description:
              `Vervangt ${noun} (multipart/form-data, veld "file"): PNG, JPEG, WebP of GIF (gecontroleerd op de ` +
              'inhoud, SVG geweigerd), hoogstens 2 MB. Bij een fout blijft de huisstijl ongewijzigd. Alleen voor eigenaren, met de functie branding in het abonnement.',
            consumes: ['multipart/form-data'],
            security: bearerAuth,
            headers: organizationHeaderSchema,
            response: { ...changeResponses, 413: ERRORS.payloadTooLarge },
          },
        },
        async (request) => uploadImage(request, image),
      );

      app.delete(
        `/branding/${image}`,
        {
          onRequest: authenticate,
          config: { permission: 'branding.manage' },
          preHandler: brandingFeature,
          schema: {
            operationId: image === 'logo' ? 'removeLogo' : 'removeBackground',
            tags: TAGS,
            summary: `Remove the ${image}`,
            description: `Verwijdert ${noun}; daarna geldt de standaard. Alleen voor eigenaren, met de functie branding.`,
            security: bearerAuth,
            headers: organizationHeaderSchema,
            response: changeResponses,
          },
        },
        async (request) => removeImage(request, image),
      );
    }
  };

/** Reads the one file of a multipart upload into memory, refusing more than the upload limit. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(400, BRANDING_MESSAGES.noFile);
  const unreadable = (error: unknown): ApiError => {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return new ApiError(413, BRANDING_UPLOAD_TOO_LARGE);
    }
    // Malformed multipart (busboy) errors carry no status; they are the client's, not a 500.
    request.log.info({ err: error }, 'Upload kon niet worden gelezen');
    return new ApiError(400, BRANDING_MESSAGES.unreadable);
  };
  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      limits: { fileSize: BRANDING_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    });
  } catch (error) {
    throw unreadable(error);
  }
  if (part === undefined || part.fieldname !== 'file') throw new ApiError(400, BRANDING_MESSAGES.noFile);
  try {
    return await part.toBuffer();
  } catch (error) {
    throw unreadable(error);
  }
}

/** The replaced file goes after the commit; if that fails the new branding still stands. */
async function removeReplaced(
  request: FastifyRequest,
  uploads: UploadStore,
  path: string | null,
): Promise<void> {
  if (path === null) return;
  try {
    await uploads.remove(path);
  } catch (error) {
    request.log.warn({ err: error, path }, 'Oud huisstijlbestand kon niet worden verwijderd');
  }
}
