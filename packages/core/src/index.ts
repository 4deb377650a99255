export type * from './contract/wire';
export { API_PREFIX, ORGANIZATION_HEADER } from './contract/wire';
export type { Result } from './shared/result';
export { err, ok } from './shared/result';
export type { FieldErrors } from './auth/credentials';
export {
  EMAIL_MAX_LENGTH,
  emailError,
  FORGOT_PASSWORD_MESSAGE,
  hasErrors,
  LOGIN_FAILED_MESSAGE,
  NAME_MAX_LENGTH,
  nameError,
  newPasswordError,
  normaliseEmail,
  ORGANIZATION_NAME_MAX_LENGTH,
  organizationNameError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateForgotPassword,
  validateLogin,
  validateOrganization,
  validatePasswordChange,
  validateProfile,
  validateRegistration,
  validateResetPassword,
} from './auth/credentials';
export type { BrandingUploadType } from './branding/colour';
export {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_TYPES,
  BRANDING_UPLOAD_WRONG_TYPE,
  DEFAULT_PRIMARY_COLOR,
  primaryColorError,
} from './branding/colour';
