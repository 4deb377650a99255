/** Where people send privacy questions and requests; set per deployment with VITE_PRIVACY_EMAIL. */
export const PRIVACY_EMAIL = import.meta.env.VITE_PRIVACY_EMAIL || 'privacy@loop.demo';
