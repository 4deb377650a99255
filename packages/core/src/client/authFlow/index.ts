// The auth flow: login, registration, verification, password reset and logout over the auth gateway
// and the session (createAuthUseCases), and the browser's registration key port.
// What other features and packages use of it; everything else in this folder is internal.
export type { AuthUseCases, RegistrationKeyStore, VerifiedEmail } from './authUseCases';
export { createAuthUseCases, isUnverifiedLogin } from './authUseCases';
