import type {
  AdminOverview,
  AdminUser,
  AdminUserQuery,
  Branding,
  ChangeEmailRequest,
  ChangePasswordRequest,
  CreateOrganizationRequest,
  CurrentUser,
  DeleteAccountRequest,
  EmailChangeTokenRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LogoutRequest,
  MessageResponse,
  Organization,
  Page,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TokenPair,
  UpdateBrandingRequest,
  UpdateProfileRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '../contract';
import type { DownloadedFile } from '../shared';
import type { ApiResult } from './apiResult';
import type { RefreshGateway } from './sessionPorts';

/** The authentication calls; login and refresh never trigger the 401-refresh-retry. */
export interface AuthGateway extends RefreshGateway {
  login(request: LoginRequest): Promise<ApiResult<TokenPair>>;
  register(request: RegisterRequest): Promise<ApiResult<MessageResponse>>;
  verifyEmail(request: VerifyEmailRequest): Promise<ApiResult<VerifyEmailResponse>>;
  resendVerification(request: ResendVerificationRequest): Promise<ApiResult<MessageResponse>>;
  forgotPassword(request: ForgotPasswordRequest): Promise<ApiResult<MessageResponse>>;
  resetPassword(request: ResetPasswordRequest): Promise<ApiResult<MessageResponse>>;
  logout(request: LogoutRequest): Promise<ApiResult<void>>;
  confirmEmailChange(request: EmailChangeTokenRequest): Promise<ApiResult<MessageResponse>>;
  undoEmailChange(request: EmailChangeTokenRequest): Promise<ApiResult<MessageResponse>>;
}

/** The signed-in user's own account. */
export interface UserGateway {
  me(): Promise<ApiResult<CurrentUser>>;
  updateProfile(request: UpdateProfileRequest): Promise<ApiResult<CurrentUser>>;
  changePassword(request: ChangePasswordRequest): Promise<ApiResult<MessageResponse>>;
  changeEmail(request: ChangeEmailRequest): Promise<ApiResult<MessageResponse>>;
  cancelEmailChange(): Promise<ApiResult<void>>;
  /** Everything Loop holds about the user, as a JSON file. */
  exportAccount(): Promise<ApiResult<DownloadedFile>>;
  deleteAccount(request: DeleteAccountRequest): Promise<ApiResult<void>>;
}

export interface OrganisationGateway {
  list(): Promise<ApiResult<readonly Organization[]>>;
  create(request: CreateOrganizationRequest): Promise<ApiResult<Organization>>;
}

/** A file chosen by the user; the browser's File satisfies it. */
export interface UploadFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export type BrandingImage = 'logo' | 'background';

/** Branding of the current organisation (the one in `X-Organization-Id`). */
export interface BrandingGateway {
  mine(): Promise<ApiResult<Branding>>;
  update(request: UpdateBrandingRequest): Promise<ApiResult<Branding>>;
  upload(kind: BrandingImage, file: UploadFile): Promise<ApiResult<Branding>>;
  remove(kind: BrandingImage): Promise<ApiResult<Branding>>;
}

export interface AdminGateway {
  overview(): Promise<ApiResult<AdminOverview>>;
  users(query: AdminUserQuery): Promise<ApiResult<Page<AdminUser>>>;
}
