/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty or unset means the same origin. */
  readonly VITE_API_URL?: string;
  /** Host name of the app (for the per-host cookie consent key); unset means every host is the app. */
  readonly VITE_APP_HOST?: string;
  /** Address for privacy questions shown in the privacy and cookie policies. */
  readonly VITE_PRIVACY_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
