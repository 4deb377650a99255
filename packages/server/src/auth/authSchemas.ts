import type {
  EmailChangeTokenRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TokenPair,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@loop/core';
import { ERRORS, errorResponse, messageResponse, textInput, tokenInput } from '../http/commonSchemas';
import { literal, noContent, object, string } from '../http/schema';

/** The auth routes' OpenAPI schemas, with their Dutch descriptions. */

export const TAGS = ['auth'];

const tokenPair = object<TokenPair>({
  access_token: string({ description: 'Toegangstoken (JWT, HS256) met sub, sid, is_admin en exp.' }),
  refresh_token: string({ description: 'Ondoorzichtig verversingstoken; elk gebruik levert een nieuw.' }),
  token_type: literal('bearer'),
});

export const registerSchema = {
  operationId: 'register',
  tags: TAGS,
  security: [],
  summary: 'Register an account',
  description:
    'Maakt een account aan en mailt een bevestigingslink. Een adres dat al een account heeft krijgt ' +
    'hetzelfde antwoord (er wordt niets opgeslagen) en de eigenaar een mail met inlog- en herstellinks. ' +
    'Met invitation_token (uit een uitnodiging aan precies dit adres) is het adres meteen bevestigd en wordt ' +
    'het account lid van de organisatie; dan kan direct worden ingelogd.',
  body: object<RegisterRequest>(
    {
      name: textInput('Naam'),
      email: textInput('E-mailadres'),
      password: textInput('Wachtwoord (8 tot 128 tekens)'),
      invitation_token: tokenInput('Token uit de uitnodigingslink (optioneel)'),
      browser_key: tokenInput(
        'Willekeurige sleutel die de registrerende browser bewaart (optioneel): alleen die browser wordt door de bevestigingslink ingelogd.',
      ),
    },
    { optional: ['invitation_token', 'browser_key'] },
  ),
  response: {
    201: messageResponse('Account aangemaakt (of bestond al).'),
    400: ERRORS.badRequest,
    404: ERRORS.notFound,
    409: ERRORS.conflict,
    410: errorResponse('De uitnodiging is verlopen.'),
    429: ERRORS.tooManyRequests,
  },
};

export const verifyEmailSchema = {
  operationId: 'verifyEmail',
  tags: TAGS,
  security: [],
  summary: 'Confirm an e-mail address',
  description:
    'Bevestigt het e-mailadres met het token uit de link /verify/:token (eenmalig, 48 uur geldig) en ' +
    'geeft het adres terug. Stuurt de browser die registreerde zijn browser_key mee, dan opent het ' +
    'antwoord ook een sessie (session); elders alleen bevestigd, zonder sessie.',
  body: object<VerifyEmailRequest>(
    {
      token: tokenInput('Token uit de bevestigingslink'),
      browser_key: tokenInput('De sleutel die deze browser bij de registratie meestuurde (optioneel).'),
    },
    { optional: ['browser_key'] },
  ),
  response: {
    200: object<VerifyEmailResponse>(
      {
        detail: string({ description: 'Adres bevestigd.' }),
        email: string({ description: 'Het bevestigde e-mailadres.' }),
        session: tokenPair,
      },
      { optional: ['session'] },
    ),
    400: ERRORS.badRequest,
    429: ERRORS.tooManyRequests,
  },
};

export const resendVerificationSchema = {
  operationId: 'resendVerification',
  tags: TAGS,
  security: [],
  summary: 'Send a new verification link',
  description:
    'Stuurt een nieuwe bevestigingslink als het adres een onbevestigd account heeft; altijd hetzelfde antwoord.',
  body: object<ResendVerificationRequest>({ email: textInput('E-mailadres') }),
  response: {
    202: messageResponse('Verzoek ontvangen.'),
    400: ERRORS.badRequest,
    429: ERRORS.tooManyRequests,
  },
};

export const loginSchema = {
  operationId: 'login',
  tags: TAGS,
  security: [],
  summary: 'Log in',
  description:
    'Opent een nieuwe sessie. Onbekend adres en verkeerd wachtwoord geven hetzelfde antwoord (401). ' +
    'Een onbevestigd adres met het juiste wachtwoord geeft 403 en een nieuwe bevestigingslink.',
  body: object<LoginRequest>({ email: textInput('E-mailadres'), password: textInput('Wachtwoord') }),
  response: {
    200: tokenPair,
    400: ERRORS.badRequest,
    401: ERRORS.unauthorized,
    403: ERRORS.forbidden,
    429: ERRORS.tooManyRequests,
  },
};

export const refreshSessionSchema = {
  operationId: 'refreshSession',
  tags: TAGS,
  security: [],
  summary: 'Rotate the refresh token',
  description:
    'Geeft een nieuw toegangstoken en een nieuw verversingstoken; het oude verversingstoken is daarna ' +
    'ongeldig. Hergebruik van een oud token beëindigt de hele sessie (419).',
  body: object<RefreshRequest>({ refresh_token: tokenInput('Verversingstoken') }),
  response: {
    200: object<{ access_token: string; refresh_token: string }>({
      access_token: string({ description: 'Nieuw toegangstoken.' }),
      refresh_token: string({ description: 'Nieuw verversingstoken.' }),
    }),
    400: ERRORS.badRequest,
    401: ERRORS.unauthorized,
    419: ERRORS.sessionRevoked,
  },
};

export const logoutSchema = {
  operationId: 'logout',
  tags: TAGS,
  security: [],
  summary: 'Log out',
  description: 'Beëindigt de sessie van dit verversingstoken. Idempotent: een onbekend token geeft ook 204.',
  body: object<LogoutRequest>({ refresh_token: tokenInput('Verversingstoken') }),
  response: { 204: noContent, 400: ERRORS.badRequest },
};

export const forgotPasswordSchema = {
  operationId: 'forgotPassword',
  tags: TAGS,
  security: [],
  summary: 'Request a password reset link',
  description:
    'Mailt een herstellink (1 uur geldig) als het adres bekend is; het antwoord is altijd hetzelfde.',
  body: object<ForgotPasswordRequest>({ email: textInput('E-mailadres') }),
  response: {
    202: messageResponse('Verzoek ontvangen.'),
    400: ERRORS.badRequest,
    429: ERRORS.tooManyRequests,
  },
};

export const resetPasswordSchema = {
  operationId: 'resetPassword',
  tags: TAGS,
  security: [],
  summary: 'Set a new password with a reset link',
  description:
    'Stelt een nieuw wachtwoord in met het token uit /reset-password/:token. Alle sessies van de ' +
    'gebruiker worden beëindigd en het e-mailadres telt als bevestigd.',
  body: object<ResetPasswordRequest>({
    token: tokenInput('Token uit de herstellink'),
    password: textInput('Nieuw wachtwoord (8 tot 128 tekens)'),
  }),
  response: {
    200: messageResponse('Wachtwoord gewijzigd.'),
    400: ERRORS.badRequest,
    429: ERRORS.tooManyRequests,
  },
};

export const confirmEmailChangeSchema = {
  operationId: 'confirmEmailChange',
  tags: TAGS,
  security: [],
  summary: 'Confirm a new e-mail address',
  description:
    'Met het token uit de link in de mail aan het nieuwe adres (/email-bevestigen/:token, eenmalig, 24 uur): ' +
    'het nieuwe adres wordt de login en het oude adres krijgt een melding met een link om het 7 dagen lang ' +
    'terug te zetten.',
  body: object<EmailChangeTokenRequest>({ token: tokenInput('Token uit de bevestigingslink') }),
  response: {
    200: messageResponse('Nieuw adres bevestigd.'),
    400: ERRORS.badRequest,
    409: ERRORS.conflict,
    429: ERRORS.tooManyRequests,
  },
};

export const undoEmailChangeSchema = {
  operationId: 'undoEmailChange',
  tags: TAGS,
  security: [],
  summary: 'Put the old e-mail address back',
  description:
    'Met het token uit de melding aan het oude adres (/email-herstellen/:token, 7 dagen geldig): het oude ' +
    'adres wordt weer de login, alle sessies van het account eindigen en alle open links vervallen.',
  body: object<EmailChangeTokenRequest>({ token: tokenInput('Token uit de herstellink') }),
  response: {
    200: messageResponse('Oud adres teruggezet.'),
    400: ERRORS.badRequest,
    409: ERRORS.conflict,
    429: ERRORS.tooManyRequests,
  },
};
