import { absoluteUrl, ConfigError, type Env, positiveInteger, value } from './configEnv';
import type { LlmSettings, MapSettings } from './configTypes';

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const PDOK_GEOCODER_URL = 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/free';

/** MAP_TILE_URL must be an http(s) template naming {z}, {x} and {y}; the default is OpenStreetMap's. */
export function mapSettings(env: Env): MapSettings {
  const tileUrl = value(env, 'MAP_TILE_URL');
  if (tileUrl === undefined) {
    return {
      tileUrl: OSM_TILE_URL,
      attribution: value(env, 'MAP_ATTRIBUTION') ?? '© OpenStreetMap-bijdragers',
      attributionUrl: value(env, 'MAP_ATTRIBUTION_URL') ?? 'https://www.openstreetmap.org/copyright',
    };
  }
  if (
    !/^https?:\/\/[^/]+\//.test(tileUrl) ||
    !['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part))
  ) {
    throw new ConfigError(
      `MAP_TILE_URL moet een http(s)-adres met {z}, {x} en {y} zijn, bijvoorbeeld ${OSM_TILE_URL} (nu: "${tileUrl}").`,
    );
  }
  const attribution = value(env, 'MAP_ATTRIBUTION');
  if (attribution === undefined) {
    throw new ConfigError(
      'Zet bij MAP_TILE_URL ook MAP_ATTRIBUTION: de bronvermelding die de kaart moet tonen.',
    );
  }
  const attributionUrl = value(env, 'MAP_ATTRIBUTION_URL') ?? null;
  return {
    tileUrl,
    attribution,
    attributionUrl: attributionUrl === null ? null : absoluteUrl('MAP_ATTRIBUTION_URL', attributionUrl),
  };
}

/** TEST_CLOCK_FILE: a test's hand on the clock; never in production. */
export function testClockFile(env: Env, production: boolean): string | null {
  const file = value(env, 'TEST_CLOCK_FILE');
  if (file === undefined) return null;
  if (production) {
    throw new ConfigError(
      'TEST_CLOCK_FILE is alleen voor browsertests; zet het niet in productie (NODE_ENV=production).',
    );
  }
  return file;
}

/** GEOCODER_URL: 'off' places contacts by hand only; otherwise an http(s) `free` endpoint. */
export function geocoderUrl(env: Env): string | null {
  const raw = value(env, 'GEOCODER_URL');
  if (raw === undefined) return PDOK_GEOCODER_URL;
  if (raw.toLowerCase() === 'off') return null;
  return absoluteUrl('GEOCODER_URL', raw);
}

/**
 * The origin of a tile URL template for the CSP's img-src: '{s}' subdomains become a wildcard
 * ('https://*.tile.example.nl'), the path is dropped.
 */
export function tileOrigin(template: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match) return template;
  return `${match[1]}${(match[2] ?? '').replace(/\{s\}/g, '*')}`;
}

export function llmSettings(env: Env): LlmSettings | null {
  const baseUrl = value(env, 'LLM_BASE_URL');
  const model = value(env, 'LLM_MODEL');
  if (baseUrl === undefined && model === undefined) return null;
  if (baseUrl === undefined || model === undefined) {
    throw new ConfigError(
      'LLM_BASE_URL en LLM_MODEL horen bij elkaar: zet ze allebei om analyses door een taalmodel te laten ' +
        'schrijven, of geen van beide voor de ingebouwde analist.',
    );
  }
  return { baseUrl: absoluteUrl('LLM_BASE_URL', baseUrl), apiKey: value(env, 'LLM_API_KEY') ?? null, model };
}

/** Ten a second: within what common SMTP services accept from one sender without throttling it. */
export const DEFAULT_OUTBOX_RATE_PER_MINUTE = 600;

export function outboxRate(env: Env): number | null {
  if (value(env, 'OUTBOX_RATE_PER_MINUTE') === '0') return null;
  return positiveInteger(env, 'OUTBOX_RATE_PER_MINUTE', DEFAULT_OUTBOX_RATE_PER_MINUTE, 100_000);
}
