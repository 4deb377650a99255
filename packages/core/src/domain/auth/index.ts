// The auth feature: login, registration and password rules. The flows over them (sign-in,
// registration, verification, reset, logout) are the client's: `client/authFlow`.
// What other features and packages use of it; everything else in this folder is internal.

export type { FieldErrors } from '../shared';
export {
  emailError,
  FORGOT_PASSWORD_MESSAGE,
  hasErrors,
  LOGIN_FAILED_MESSAGE,
  nameLine,
  normaliseEmail,
  organizationNameError,
  PASSWORD_MIN_LENGTH,
  validateEmailChange,
  validateForgotPassword,
  validateLogin,
  validateOrganization,
  validatePasswordChange,
  validateProfile,
  validateRegistration,
  validateResetPassword,
} from './credentials';
