import type { DeleteAccountRequest } from '@loop/core';
import { authOf } from '../auth/authenticate';
import type { UploadStore } from '../branding/uploadStore';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, PROTECTED_ERRORS, textInput } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent, object, type Schema } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { ACCOUNT_MESSAGES, accountExport, accountExportName, deleteAccount } from './accountData';

const TAGS = ['users'];

/** The person's own data: take it out, or delete the account. */
export const accountRoutes =
  ({ deps, authenticate, rateLimit }: RouteContext, uploads: UploadStore): RoutesPlugin =>
  async (app) => {
    app.get(
      '/users/me/export',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'exportAccount',
          tags: TAGS,
          summary: 'Download everything Loop holds about you',
          description:
            'Een JSON-bestand met je account, lidmaatschappen, sessies en links (alleen data, nooit geheimen), ' +
            'e-mailwijzigingen, verstuurde uitnodigingen en de surveys die je maakte.',
          security: bearerAuth,
          response: {
            200: object<Record<string, unknown>>(
              {},
              { closed: false, description: 'De export.' },
            ) as Schema<unknown>,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const now = deps.clock.now();
        const document = await accountExport(deps.db, authOf(request).user, now);
        auditRequest(deps.log, request, {
          category: 'user',
          action: 'user.exported',
          message: 'Eigen gegevens gedownload',
        });
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${accountExportName(now)}"`)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(document, null, 2));
      },
    );

    app.delete(
      '/users/me',
      {
        onRequest: authenticate,
        preHandler: rateLimit('passwordCheck'),
        schema: {
          operationId: 'deleteAccount',
          tags: TAGS,
          summary: 'Delete your account',
          description:
            'Verwijdert je account na je wachtwoord en je getypte e-mailadres. Niet zolang je de laatste eigenaar ' +
            'bent van een organisatie met andere leden (409); organisaties waar je het enige lid bent, gaan mee.',
          security: bearerAuth,
          body: object<DeleteAccountRequest>({
            current_password: textInput('Huidig wachtwoord'),
            confirm_email: textInput('Je e-mailadres, ter bevestiging'),
          }),
          response: {
            204: noContent,
            400: ERRORS.badRequest,
            409: ERRORS.conflict,
            429: ERRORS.tooManyRequests,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const result = await deleteAccount(deps, uploads, authOf(request).user, {
          currentPassword: request.body.current_password,
          confirmEmail: request.body.confirm_email,
        });
        if (!result.ok) {
          const detail = result.detail ?? ACCOUNT_MESSAGES.wrongPassword;
          if (result.error === 'wrong_password') throw invalidInput({ current_password: detail });
          if (result.error === 'wrong_confirmation') throw invalidInput({ confirm_email: detail });
          throw new ApiError(409, detail);
        }
        auditRequest(deps.log, request, {
          category: 'user',
          action: 'user.deleted',
          message: `Account verwijderd, met ${result.value.deletedOrganizations.length} organisatie(s) zonder andere leden`,
        });
        return reply.code(204).send();
      },
    );
  };
