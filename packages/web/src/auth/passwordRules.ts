/** Shown when the repeated password differs from the new one. */
export const PASSWORDS_DIFFER = 'De wachtwoorden komen niet overeen.';
