import type { MemberRole } from './teams';

/**
 * The wire contract between the web app and the API server (docs/architecture.md): JSON, snake_case,
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

/** Answer of POST /auth/refresh (R-AUTH-6: refresh_token optional; without access_token it is malformed). */
export interface RefreshResponse {
  readonly access_token?: string;
  readonly refresh_token?: string;
}

/** POST /auth/logout (revokes the session of the given refresh token). */
export interface LogoutRequest {
  readonly refresh_token: string;
}

/**
 * POST /auth/register; answers 201 with a MessageResponse, the verification link goes by e-mail.
 * With `invitation_token` (from an invitation link to this very address) the link has proved the
 * mailbox: the account is confirmed and joins the organisation at once.
 */
export interface RegisterRequest {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly invitation_token?: string;
  /**
   * A random key the registering browser keeps: the confirmation link signs in that browser only
   * (docs/decisions/auth.md, 'Signed in by the confirmation link').
   */
  readonly browser_key?: string;
}

/** POST /auth/verify-email; `browser_key` is the key this browser sent when it registered, if any. */
export interface VerifyEmailRequest {
  readonly token: string;
  readonly browser_key?: string;
}

/**
 * Answer of POST /auth/verify-email: the confirmed address, and a new session when the link was
 * opened in the browser that registered (its `browser_key` matched).
 */
export interface VerifyEmailResponse {
  readonly detail: string;
  readonly email: string;
  readonly session?: TokenPair;
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

/** One of the user's organisations with their role in it (users/me). */
export interface OrganizationMembership extends OrganizationRef {
  readonly role: MemberRole;
}

/** GET /users/me: R-ORG-1's fields first, then what the profile screen needs. */
export interface CurrentUser {
  readonly can_manage_templates: boolean;
  readonly onboarding_completed: boolean;
  /** R-ORG-1's {id, name}, and the user's role in each. */
  readonly organizations: readonly OrganizationMembership[];
  readonly organization_id: number | null;
  readonly organization_name: string | null;
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly is_admin: boolean;
  readonly email_verified: boolean;
  /** A new address asked for and not confirmed yet (null: none). The login is still `email`. */
  readonly pending_email: string | null;
}

/** PATCH /users/me: the name. The address changes through POST /users/me/email. */
export interface UpdateProfileRequest {
  readonly name?: string;
}

/**
 * POST /users/me/email (202, the same answer whether the address is free or not). The new address
 * gets a confirmation link; until it is followed the old address stays the login.
 */
export interface ChangeEmailRequest {
  readonly new_email: string;
  readonly current_password: string;
}

/** DELETE /users/me: the password and the account's own address, typed as confirmation. */
export interface DeleteAccountRequest {
  readonly current_password: string;
  readonly confirm_email: string;
}

/** POST /auth/confirm-email-change and POST /auth/undo-email-change (links in the mails). */
export interface EmailChangeTokenRequest {
  readonly token: string;
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

/** An organisation as the API answers it, with the caller's role in it. */
export interface Organization {
  readonly id: number;
  readonly name: string;
  readonly role: MemberRole;
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
