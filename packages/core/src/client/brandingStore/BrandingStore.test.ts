import { beforeEach, describe, expect, it } from 'vitest';
import type { BrandingGateway, BrandingImage, UploadFile } from '../../domain/api';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_WRONG_TYPE,
} from '../../domain/branding';
import type { Branding, UpdateBrandingRequest } from '../../domain/contract';
import { type Deferred, deferred } from '../../testing/deferred';
import { BrandingStore, uploadFileError } from './BrandingStore';

// --- hand-written fakes -------------------------------------------------------------------------

/** `mine()` waits for the test to answer; the other calls answer with `reply`. */
class FakeBrandingGateway implements BrandingGateway {
  readonly calls: string[] = [];
  readonly #mine: Array<Deferred<ApiResult<Branding>>> = [];
  reply: ApiResult<Branding> = apiFailure(500, 'Niet ingesteld.');
  readonly updates: UpdateBrandingRequest[] = [];
  readonly uploads: Array<{ kind: BrandingImage; file: UploadFile }> = [];
  readonly removals: BrandingImage[] = [];

  mine(): Promise<ApiResult<Branding>> {
    this.calls.push('mine');
    const answer = deferred<ApiResult<Branding>>();
    this.#mine.push(answer);
    return answer.promise;
  }

  answerMine(result: ApiResult<Branding>): void {
    const next = this.#mine.shift();
    if (!next) throw new Error('no branding request is waiting');
    next.resolve(result);
  }

  get waitingMine(): number {
    return this.#mine.length;
  }

  async update(request: UpdateBrandingRequest): Promise<ApiResult<Branding>> {
    this.calls.push('update');
    this.updates.push(request);
    return this.reply;
  }

  async upload(kind: BrandingImage, file: UploadFile): Promise<ApiResult<Branding>> {
    this.calls.push('upload');
    this.uploads.push({ kind, file });
    return this.reply;
  }

  async remove(kind: BrandingImage): Promise<ApiResult<Branding>> {
    this.calls.push('remove');
    this.removals.push(kind);
    return this.reply;
  }
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const branding = (overrides: Partial<Branding> = {}): Branding => ({
  logo_url: '/uploads/7/logo.png',
  background_url: null,
  primary_color: '#112233',
  version: '1',
  ...overrides,
});

const png = (size = 1000): UploadFile => ({ name: 'logo.png', type: 'image/png', size });

let gateway: FakeBrandingGateway;
let waits: number[];

const store = () =>
  new BrandingStore({
    gateway,
    wait: async (ms) => {
      waits.push(ms);
    },
  });

/** A store that has loaded `loaded` for organisation 7. */
async function loadedStore(loaded = branding()): Promise<BrandingStore> {
  const s = store();
  const loading = s.load(7);
  gateway.answerMine(apiOk(loaded));
  await loading;
  gateway.calls.length = 0;
  return s;
}

beforeEach(() => {
  gateway = new FakeBrandingGateway();
  waits = [];
});

// --- tests --------------------------------------------------------------------------------------

describe('uploadFileError', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])('should accept %s', (type) => {
    expect(uploadFileError({ name: 'x', type, size: 10 })).toBeNull();
  });

  it.each(['image/svg+xml', 'text/html', 'application/pdf', ''])('should refuse %j', (type) => {
    expect(uploadFileError({ name: 'x', type, size: 10 })).toBe(BRANDING_UPLOAD_WRONG_TYPE);
  });

  it('should accept exactly 2 MB and refuse one byte more', () => {
    expect(uploadFileError(png(BRANDING_UPLOAD_MAX_BYTES))).toBeNull();
    expect(uploadFileError(png(BRANDING_UPLOAD_MAX_BYTES + 1))).toBe(BRANDING_UPLOAD_TOO_LARGE);
  });

  it('should report the wrong type before the size', () => {
    expect(
      uploadFileError({ name: 'x.svg', type: 'image/svg+xml', size: BRANDING_UPLOAD_MAX_BYTES * 2 }),
    ).toBe(BRANDING_UPLOAD_WRONG_TYPE);
  });
});

describe('BrandingStore', () => {
  describe('load', () => {
    it('should be loading, then loaded with the organisation branding', async () => {
      const s = store();
      const loading = s.load(7);
      expect(s.getSnapshot()).toEqual({ status: 'loading', branding: null, organisationId: 7 });
      gateway.answerMine(apiOk(branding()));
      await loading;
      expect(s.getSnapshot()).toEqual({ status: 'loaded', branding: branding(), organisationId: 7 });
    });

    it('should retry 3 times 600 ms apart and end as failed', async () => {
      const s = store();
      const loading = s.load(7);
      for (let attempt = 0; attempt < 4; attempt++) {
        await flush();
        gateway.answerMine(apiFailure(500, 'Mislukt.'));
      }
      await loading;
      expect(gateway.calls).toEqual(['mine', 'mine', 'mine', 'mine']);
      expect(waits).toEqual([600, 600, 600]);
      expect(s.getSnapshot()).toEqual({ status: 'failed', branding: null, organisationId: 7 });
    });

    it('should not fetch again for an organisation that is loaded or loading', async () => {
      const s = store();
      const first = s.load(7);
      const second = s.load(7);
      gateway.answerMine(apiOk(branding()));
      await Promise.all([first, second]);
      await s.load(7);
      expect(gateway.calls).toEqual(['mine']);
    });

    it('should ignore the stale answer for another organisation that comes last', async () => {
      const s = store();
      const forSeven = s.load(7);
      const forNine = s.load(9);
      gateway.answerMine(apiOk(branding({ primary_color: '#777777' })));
      gateway.answerMine(apiOk(branding({ primary_color: '#999999' })));
      await Promise.all([forSeven, forNine]);
      expect(s.getSnapshot()).toEqual({
        status: 'loaded',
        branding: branding({ primary_color: '#999999' }),
        organisationId: 9,
      });
    });

    it('should ignore a stale answer that comes first and keep waiting for the current one', async () => {
      const s = store();
      const forSeven = s.load(7);
      const forNine = s.load(9);
      await flush();
      // Answers go to the requests in call order: the stale request for 7 is answered first.
      gateway.answerMine(apiOk(branding({ primary_color: '#777777' })));
      await forSeven;
      expect(s.getSnapshot()).toEqual({ status: 'loading', branding: null, organisationId: 9 });
      gateway.answerMine(apiOk(branding({ primary_color: '#999999' })));
      await forNine;
      expect(s.getSnapshot().branding?.primary_color).toBe('#999999');
    });

    it('should load again after a reset', async () => {
      const s = await loadedStore();
      s.reset();
      expect(s.getSnapshot()).toEqual({ status: 'idle', branding: null, organisationId: null });
      void s.load(7);
      expect(gateway.waitingMine).toBe(1);
    });

    it('should notify subscribers', async () => {
      const s = store();
      const seen: string[] = [];
      s.subscribe(() => seen.push(s.getSnapshot().status));
      const loading = s.load(7);
      gateway.answerMine(apiOk(branding()));
      await loading;
      expect(seen).toEqual(['loading', 'loaded']);
    });
  });

  describe('setPrimaryColor', () => {
    it('should refuse an invalid colour without a call', async () => {
      const s = await loadedStore();
      const result = await s.setPrimaryColor('blauw');
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { primary_color: 'Kies een kleur in de vorm #rrggbb, bijvoorbeeld #2563eb.' },
      });
      expect(gateway.calls).toEqual([]);
    });

    it('should save a valid colour and show the answer', async () => {
      const s = await loadedStore();
      const saved = branding({ primary_color: '#abcdef', version: '2' });
      gateway.reply = apiOk(saved);
      expect(await s.setPrimaryColor('#abcdef')).toEqual({ ok: true, value: saved });
      expect(gateway.updates).toEqual([{ primary_color: '#abcdef' }]);
      expect(s.getSnapshot()).toEqual({ status: 'loaded', branding: saved, organisationId: 7 });
    });

    it('should send null to go back to the default colour', async () => {
      const s = await loadedStore();
      gateway.reply = apiOk(branding({ primary_color: null }));
      await s.setPrimaryColor(null);
      expect(gateway.updates).toEqual([{ primary_color: null }]);
    });

    it('should keep the previous branding when the call fails', async () => {
      const s = await loadedStore();
      const before = s.getSnapshot();
      gateway.reply = apiFailure(403, 'Je hebt geen rechten om de huisstijl te wijzigen.');
      const result = await s.setPrimaryColor('#abcdef');
      expect(result).toEqual({
        ok: false,
        message: 'Je hebt geen rechten om de huisstijl te wijzigen.',
        fields: {},
        status: 403,
      });
      expect(s.getSnapshot()).toBe(before);
    });
  });

  describe('upload', () => {
    it('should refuse a wrong type without a call, under the field of the image kind', async () => {
      const s = await loadedStore();
      const result = await s.upload('logo', { name: 'x.svg', type: 'image/svg+xml', size: 10 });
      expect(result).toEqual({ ok: false, message: null, fields: { logo: BRANDING_UPLOAD_WRONG_TYPE } });
      expect(gateway.calls).toEqual([]);
    });

    it('should refuse a file over 2 MB without a call', async () => {
      const s = await loadedStore();
      const result = await s.upload('background', png(BRANDING_UPLOAD_MAX_BYTES + 1));
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { background: BRANDING_UPLOAD_TOO_LARGE },
      });
      expect(gateway.calls).toEqual([]);
    });

    it('should upload a valid file and show the new branding', async () => {
      const s = await loadedStore();
      const file = png();
      const saved = branding({ background_url: '/uploads/7/bg.png', version: '2' });
      gateway.reply = apiOk(saved);
      expect(await s.upload('background', file)).toEqual({ ok: true, value: saved });
      expect(gateway.uploads).toEqual([{ kind: 'background', file }]);
      expect(s.getSnapshot().branding).toBe(saved);
    });

    it('should keep the previous branding when the upload fails', async () => {
      const s = await loadedStore();
      const before = s.getSnapshot();
      gateway.reply = apiFailure(413, 'Het bestand is te groot (maximaal 2 MB).');
      const result = await s.upload('logo', png());
      expect(result.ok).toBe(false);
      expect(s.getSnapshot()).toBe(before);
    });
  });

  describe('remove', () => {
    it('should remove the image and show the answer', async () => {
      const s = await loadedStore();
      const saved = branding({ logo_url: null, version: '3' });
      gateway.reply = apiOk(saved);
      expect(await s.remove('logo')).toEqual({ ok: true, value: saved });
      expect(gateway.removals).toEqual(['logo']);
      expect(s.getSnapshot().branding).toBe(saved);
    });

    it('should keep the previous branding when removing fails', async () => {
      const s = await loadedStore();
      const before = s.getSnapshot();
      gateway.reply = apiFailure(500, 'Mislukt.');
      await s.remove('logo');
      expect(s.getSnapshot()).toBe(before);
    });
  });
});

describe('BrandingStore after an organisation switch', () => {
  it('should not show a change for the previous organisation on the new one', async () => {
    const s = await loadedStore();
    let answerUpdate!: (result: ApiResult<Branding>) => void;
    gateway.update = (request) => {
      gateway.updates.push(request);
      return new Promise((resolve) => {
        answerUpdate = resolve;
      });
    };
    const saving = s.setPrimaryColor('#abcdef');
    const switching = s.load(9);
    gateway.answerMine(apiOk(branding({ primary_color: '#999999', logo_url: null })));
    await switching;
    answerUpdate(apiOk(branding({ primary_color: '#abcdef' })));
    const result = await saving;
    expect(result.ok).toBe(true);
    expect(s.getSnapshot().organisationId).toBe(9);
    expect(s.getSnapshot().branding?.primary_color).toBe('#999999');
  });
});
