import type { BrandingGateway, BrandingImage, UploadFile } from '../../domain/api';
import { type FormResult, formFromApi, formInvalid, formOk } from '../../domain/api';
import {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_TYPES,
  BRANDING_UPLOAD_WRONG_TYPE,
  loadBranding,
  primaryColorError,
} from '../../domain/branding';
import type { Branding } from '../../domain/contract';
import { createStateStore } from '../../domain/shared';

export interface BrandingState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly branding: Branding | null;
  /** The organisation the branding belongs to. */
  readonly organisationId: number | null;
}

export interface BrandingStoreDeps {
  readonly gateway: BrandingGateway;
  readonly wait: (ms: number) => Promise<void>;
}

/** Checks a chosen file before uploading it; the server checks the real bytes again. */
export function uploadFileError(file: UploadFile): string | null {
  if (!(BRANDING_UPLOAD_TYPES as readonly string[]).includes(file.type)) return BRANDING_UPLOAD_WRONG_TYPE;
  if (file.size > BRANDING_UPLOAD_MAX_BYTES) return BRANDING_UPLOAD_TOO_LARGE;
  return null;
}

/** The current organisation's branding: loaded with retries (R-BRAND-4), changed through the API. */
export class BrandingStore {
  readonly #deps: BrandingStoreDeps;
  readonly #store = createStateStore<BrandingState>({ status: 'idle', branding: null, organisationId: null });

  constructor(deps: BrandingStoreDeps) {
    this.#deps = deps;
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /** Loads the branding of `organisationId` unless it is already loaded or loading. */
  async load(organisationId: number): Promise<void> {
    const s = this.#store.getSnapshot();
    if (s.organisationId === organisationId && s.status !== 'idle') return;
    this.#set({ status: 'loading', branding: null, organisationId });
    const branding = await loadBranding({
      fetchBranding: () => this.#deps.gateway.mine(),
      wait: this.#deps.wait,
    });
    if (this.#store.getSnapshot().organisationId !== organisationId) return;
    this.#set({ status: branding ? 'loaded' : 'failed', branding, organisationId });
  }

  reset(): void {
    this.#set({ status: 'idle', branding: null, organisationId: null });
  }

  async setPrimaryColor(color: string | null): Promise<FormResult<Branding>> {
    const error = primaryColorError(color);
    if (error) return formInvalid({ primary_color: error });
    const organisationId = this.#store.getSnapshot().organisationId;
    return this.#apply(organisationId, await this.#deps.gateway.update({ primary_color: color }));
  }

  async upload(kind: BrandingImage, file: UploadFile): Promise<FormResult<Branding>> {
    const error = uploadFileError(file);
    if (error) return formInvalid({ [kind]: error });
    const organisationId = this.#store.getSnapshot().organisationId;
    return this.#apply(organisationId, await this.#deps.gateway.upload(kind, file));
  }

  async remove(kind: BrandingImage): Promise<FormResult<Branding>> {
    const organisationId = this.#store.getSnapshot().organisationId;
    return this.#apply(organisationId, await this.#deps.gateway.remove(kind));
  }

  /** Shows the answer only while the same organisation is current (the user may have switched). */
  #apply(
    organisationId: number | null,
    result: Awaited<ReturnType<BrandingGateway['mine']>>,
  ): FormResult<Branding> {
    if (!result.ok) return formFromApi(result);
    if (this.#store.getSnapshot().organisationId === organisationId) {
      this.#set({ ...this.#store.getSnapshot(), status: 'loaded', branding: result.value });
    }
    return formOk(result.value);
  }

  #set(state: BrandingState): void {
    this.#store.set(state);
  }
}
