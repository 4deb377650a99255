/**
 * The wire contract between the web app and the API server (DESIGN.md §2): JSON, snake_case,
 * every path under `/api/v1`. Both sides import these types; the server validates against them.
 */

/** Every error answer: a Dutch sentence, plus per-field messages for form input. */
export interface ErrorBody {
  readonly detail: string;
  readonly fields?: Readonly<Record<string, string>>;
}

/** A plain acknowledgement with a Dutch sentence for the user. */
export interface MessageResponse {
  readonly detail: string;
}

/** Claims of the access JWT (HS256, 15 minutes). `exp` is in seconds since the epoch. */
export interface AccessTokenClaims {
  readonly sub: string;
  readonly sid: string;
  readonly is_admin: boolean;
  readonly exp: number;
}

/** POST /auth/login */
export interface LoginRequest {
  readonly email: string;
  readonly password: string;
}

/** Answer of POST /auth/login. */
export interface TokenPair {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly token_type: 'bearer';
}

/** POST /auth/refresh */
export interface RefreshRequest {
  readonly refresh_token: string;
}

/** Answer of POST /auth/refresh (spec §3: refresh_token optional; without access_token it is malformed). */
export interface RefreshResponse {
  readonly access_token?: string;
  readonly refresh_token?: string;
}

/** POST /auth/logout (revokes the session of the given refresh token). */
export interface LogoutRequest {
  readonly refresh_token: string;
}

/** POST /auth/register; answers 201 with a MessageResponse, the verification link goes by e-mail. */
export interface RegisterRequest {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** POST /auth/verify-email */
export interface VerifyEmailRequest {
  readonly token: string;
}

/** POST /auth/resend-verification */
export interface ResendVerificationRequest {
  readonly email: string;
}

/** POST /auth/forgot-password; always answers 202 with the same MessageResponse. */
export interface ForgotPasswordRequest {
  readonly email: string;
}

/** POST /auth/reset-password */
export interface ResetPasswordRequest {
  readonly token: string;
  readonly password: string;
}

export interface OrganizationRef {
  readonly id: number;
  readonly name: string;
}

/** GET /users/me: the spec's fields first, then what the profile screen needs. */
export interface CurrentUser {
  readonly can_manage_templates: boolean;
  readonly onboarding_completed: boolean;
  readonly organizations: readonly OrganizationRef[];
  readonly organization_id: number | null;
  readonly organization_name: string | null;
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly is_admin: boolean;
  readonly email_verified: boolean;
}

/** PATCH /users/me */
export interface UpdateProfileRequest {
  readonly name?: string;
  readonly email?: string;
}

/** POST /users/me/password; other sessions of the user are revoked, this one stays. */
export interface ChangePasswordRequest {
  readonly current_password: string;
  readonly new_password: string;
}

/** POST /organizations; the creator becomes its owner and onboarding is completed. */
export interface CreateOrganizationRequest {
  readonly name: string;
}

/** An organisation as the API answers it. */
export interface Organization {
  readonly id: number;
  readonly name: string;
  readonly role: 'owner' | 'member';
}

/**
 * GET /branding/mine (for the organisation in `X-Organization-Id`). URLs are relative to the site
 * origin or absolute; null means "use the default". `version` changes on every change and is used
 * as the cache-busting `v` query parameter.
 */
export interface Branding {
  readonly logo_url: string | null;
  readonly background_url: string | null;
  readonly primary_color: string | null;
  readonly version: string;
}

/** PATCH /branding/mine. Logo and background are uploaded with POST /branding/logo|background (multipart, field `file`) and removed with DELETE. */
export interface UpdateBrandingRequest {
  readonly primary_color: string | null;
}

/** The header the client sends with its current organisation. */
export const ORGANIZATION_HEADER = 'X-Organization-Id';

/** The API prefix after the configurable base URL. */
export const API_PREFIX = '/api/v1';
