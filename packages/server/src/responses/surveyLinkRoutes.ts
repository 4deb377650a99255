import {
  type InvitationPreview,
  type PersonalLinksCreated,
  SURVEY_MAIN_LANGUAGE,
  type SurveyLinks,
} from '@loop/core';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { baseFor, respondUrl, surveyMailBase } from '../invitations/invitationMails';
import { auditRequest } from '../logs/requestLog';
import { organizationSurvey } from '../surveys/organizationSurvey';
import { surveyIdParams } from '../surveys/surveySchemas';
import { invitationMail } from './invitationMail';
import { ensurePublicToken } from './publicLinks';
import {
  createPersonalLinksSchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  personalLinksCreatedSchema,
  surveyLinksSchema,
} from './responseSchemas';
import { insertPersonalLinks, personalLinkCounts } from './responses';
import { newResponseToken } from './responseTokens';

export const LINK_ERRORS = {
  closed: 'Deze survey is gesloten. Heropen de survey om nieuwe persoonlijke links te maken.',
  previewLanguage:
    'Het voorbeeld kan alleen in het Nederlands of in een taal waarin de survey volledig vertaald is.',
} as const;

/** The personal link of the invitation preview: an example, no real token. */
export const EXAMPLE_RESPONSE_TOKEN = 'voorbeeld';

/** A survey's links (public and personal) and its invitation e-mail, for the organisation. */
export const surveyLinkRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/surveys/:id/links',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'listSurveyLinks',
          tags: ['survey-links'],
          summary: "A survey's links",
          description:
            'Het token van de publieke link (/respond/<public_token>) en hoeveel persoonlijke links er zijn, ' +
            'begonnen en ingestuurd. Persoonlijke tokens zelf worden alleen bij het maken getoond.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          response: { 200: surveyLinksSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request): Promise<SurveyLinks> => {
        const survey = await ensurePublicToken(deps.db, await organizationSurvey(deps, request));
        return {
          public_token: survey.publicToken as string,
          personal: await personalLinkCounts(deps.db, survey.id),
        };
      },
    );

    app.post(
      '/surveys/:id/personal-links',
      {
        onRequest: authenticate,
        config: { permission: 'surveys.build' },
        schema: {
          operationId: 'createPersonalLinks',
          tags: ['survey-links'],
          summary: 'Make personal links',
          description:
            'Maakt `count` (1–500) persoonlijke links: elk een eigen token voor één antwoord, met een optioneel ' +
            'label (hoogstens 100 tekens). De tokens staan alleen in dit antwoord; de server bewaart alleen hun ' +
            'hash. Kan bij een concept en een geopende survey; bij een gesloten survey 409.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          body: createPersonalLinksSchema,
          response: {
            201: personalLinksCreatedSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const survey = await organizationSurvey(deps, request);
        if (survey.status === 'closed') throw new ApiError(409, LINK_ERRORS.closed);
        const { count } = request.body;
        const label = request.body.label?.replaceAll('\u0000', '').trim() || null;
        const tokens = Array.from({ length: count }, newResponseToken);
        await insertPersonalLinks(deps.db, {
          surveyId: survey.id,
          organizationId: survey.organizationId,
          tokens,
          label,
          now: deps.clock.now(),
        });
        auditRequest(deps.log, request, {
          category: 'survey',
          action: 'survey.personal_links_created',
          orgId: survey.organizationId,
          message: `${count} persoonlijke links gemaakt voor survey ${survey.id}`,
        });
        const created: PersonalLinksCreated = { tokens };
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/surveys/:id/invitation-preview',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getInvitationPreview',
          tags: ['survey-links'],
          summary: 'The invitation e-mail',
          description:
            'De uitnodiging zoals die wordt verstuurd: onderwerp, afzender, de HTML-e-mail (logo en kleur van de ' +
            'organisatie, de introductie, de geschatte invultijd en de knop naar de persoonlijke link) en het ' +
            'tekstdeel. De knop wijst hier naar een voorbeeldlink (/respond/voorbeeld). Met `?lang=` de e-mail ' +
            'zoals een contact met die taal hem krijgt: de vertaalde titel en introductie en de woorden van de ' +
            'e-mail in die taal (alleen Nederlands of een volledig vertaalde taal; anders 400).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: surveyIdParams,
          querystring: invitationPreviewQuerySchema,
          response: {
            200: invitationPreviewSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<InvitationPreview> => {
        const survey = await organizationSurvey(deps, request);
        const base = await surveyMailBase(deps, deps.db, survey);
        // Dutch, then the complete languages the mail has words in, in the survey's order (R-INV-6).
        const languages = [
          SURVEY_MAIN_LANGUAGE,
          ...survey.languages.filter((language) => Object.hasOwn(base.translated, language)),
        ];
        const language = request.query.lang?.trim().toLowerCase() || SURVEY_MAIN_LANGUAGE;
        if (!languages.includes(language)) throw new ApiError(400, LINK_ERRORS.previewLanguage);
        const mail = invitationMail({
          ...baseFor(base, { language }),
          link: respondUrl(deps.config.appUrl, EXAMPLE_RESPONSE_TOKEN),
        });
        return { ...mail, language, languages };
      },
    );
  };
