import { createMemoryStorage, STORAGE_KEYS } from '@loop/adapters';
import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, freshJwt, json, meBody } from '../testing/fakeApi';
import { createAppContainer } from './container';
import { TOKENS, type Token } from './tokens';

const setup = (routes: Parameters<typeof createFakeFetch>[0] = {}, stored: Record<string, string> = {}) => {
  const api = createFakeFetch(routes);
  const storage = createMemoryStorage(stored);
  const navigate = vi.fn();
  const container = createAppContainer({
    Fetch: api.fetch,
    Storage: storage,
    ApiBaseUrl: '',
    Navigation: { navigate },
    Timer: { after: () => () => {} },
  });
  return { api, storage, navigate, container };
};

/** The tokens whose code loads with the first screen that needs it (surveyServices.ts, surveyGatewayServices.ts, kpiServices.ts, financeServices.ts, contactsServices.ts, analysisServices.ts, fileServices.ts, accountServices.ts, adminServices.ts). */
const LAZY_TOKENS = new Set([
  'FileSaver',
  'TeamGateway',
  'InvitationLinkGateway',
  'InvitationUseCases',
  'SurveyInvitationUseCases',
  'RoundUseCases',
  'UnsubscribeUseCases',
  'OwnDataUseCases',
  'PaymentReturn',
  'InvoiceUseCases',
  'AdminGateway',
  'AdminBillingGateway',
  'AdminLogsGateway',
  'CreateLogBrowser',
  'SurveysGateway',
  'SurveyTemplatesGateway',
  'SurveyEditors',
  'InvitationPreviewGateway',
  'SurveyPreview',
  'SurveyResultsGateway',
  'ResultsUseCases',
  'ResultsLinksUseCases',
  'ApiKeysUseCases',
  'SurveyShare',
  'ExportResultsPdf',
  'SummaryUseCases',
  'SurveyDataGateway',
  'SurveyDataUseCases',
  'EmbedUseCases',
  'AlertUseCases',
  'WebhookUseCases',
  'KpiGateway',
  'FinanceGateway',
  'ContactsUseCases',
  'ContactMapUseCases',
  'CreateContactMap',
  'BusinessAnalysisGateway',
  'CreateAnalysisSession',
]);

describe('createAppContainer', () => {
  it('should resolve every token, the services of later screens asynchronously', async () => {
    const { container } = setup();
    for (const [name, token] of Object.entries(TOKENS)) {
      if (LAZY_TOKENS.has(name)) continue;
      expect(container.get(token as Token<unknown>), name).toBeDefined();
    }
    for (const name of LAZY_TOKENS) {
      const token = TOKENS[name as keyof typeof TOKENS] as Token<unknown>;
      expect(await container.getAsync(token), name).toBeDefined();
      // Loaded on demand: asking synchronously before the module is there is a mistake.
      expect(() => setup().container.get(token), name).toThrow();
    }
    expect(await container.getAsync(TOKENS.ResultsUseCases)).toBe(
      await container.getAsync(TOKENS.ResultsUseCases),
    );
  });

  it('should hand out one instance of each service', () => {
    const { container } = setup();
    expect(container.get(TOKENS.SessionKeeper)).toBe(container.get(TOKENS.SessionKeeper));
    expect(container.get(TOKENS.CurrentUserStore)).toBe(container.get(TOKENS.CurrentUserStore));
    expect(container.get(TOKENS.ApiClient)).toBe(container.get(TOKENS.ApiClient));
  });

  it('should send the stored token and organisation with each call', async () => {
    const access = freshJwt();
    const { api, container } = setup(
      { 'GET /users/me': () => json(200, meBody()) },
      { [STORAGE_KEYS.token]: access, [STORAGE_KEYS.refreshToken]: 'r1', [STORAGE_KEYS.currentOrgId]: '7' },
    );
    const result = await container.get(TOKENS.UserGateway).me();
    expect(result.ok).toBe(true);
    expect(api.seen[0]?.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(api.seen[0]?.headers.get('X-Organization-Id')).toBe('7');
  });

  it('should refresh through the session keeper on a 401 and retry once', async () => {
    const renewed = freshJwt();
    let calls = 0;
    const { api, storage, container } = setup(
      {
        'GET /users/me': () => (++calls === 1 ? json(401, { detail: 'Verlopen.' }) : json(200, meBody())),
        'POST /auth/refresh': () => json(200, { access_token: renewed, refresh_token: 'r2' }),
      },
      { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
    );
    const result = await container.get(TOKENS.UserGateway).me();
    expect(result.ok).toBe(true);
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /users/me',
      'POST /auth/refresh',
      'GET /users/me',
    ]);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    expect(container.get(TOKENS.SessionKeeper).getSnapshot().status).toBe('authenticated');
  });

  it('should clear per-user data and go to /login when the session is revoked (419)', async () => {
    const { storage, navigate, container } = setup(
      { 'GET /users/me': () => json(419, { detail: 'Je sessie is beëindigd.' }) },
      {
        [STORAGE_KEYS.token]: freshJwt(),
        [STORAGE_KEYS.refreshToken]: 'r1',
        [STORAGE_KEYS.currentOrgId]: '7',
        [STORAGE_KEYS.currentOrgName]: 'Demo BV',
      },
    );
    await container.get(TOKENS.SessionKeeper).check();
    await container.get(TOKENS.UserGateway).me();
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.currentOrgId)).toBeNull();
    expect(container.get(TOKENS.CurrentUserStore).getSnapshot().status).toBe('idle');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('should keep cookie consent under the site key on another host than the app host', () => {
    const storage = createMemoryStorage();
    const container = createAppContainer({
      Storage: storage,
      Hostname: 'www.loop.nl',
      AppHost: 'app.loop.nl',
    });
    container.get(TOKENS.ConsentStore).write('accepted');
    expect(storage.getItem('cookie_consent_site')).toBe('accepted');
    expect(storage.getItem('cookie_consent_app')).toBeNull();
  });
});
