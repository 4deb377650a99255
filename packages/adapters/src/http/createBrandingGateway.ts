import type { BrandingGateway } from '@loop/core';
import type { ApiClient } from './createApiClient';

/** Branding of the organisation in X-Organization-Id; images go up as multipart field `file`. */
export function createBrandingGateway(client: ApiClient): BrandingGateway {
  return {
    mine: () => client.request('GET', '/branding/mine'),
    update: (body) => client.request('PATCH', '/branding/mine', { body }),
    upload: (kind, file) => {
      // Core's UploadFile is the shape of the browser's File, which is what the screens pass;
      // anything else is a programming error.
      if (!(file instanceof Blob)) throw new TypeError('Branding upload needs a File or Blob.');
      const form = new FormData();
      form.append('file', file, file.name);
      return client.request('POST', `/branding/${kind}`, { body: form });
    },
    remove: (kind) => client.request('DELETE', `/branding/${kind}`),
  };
}
