import type { RespondentKeySource } from '@loop/core/surveys/respond';

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** 128 random bits from the platform's CSPRNG as 22 base64url characters. */
export const cryptoRespondentKeys: RespondentKeySource = {
  newKey: () => toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16))),
};
