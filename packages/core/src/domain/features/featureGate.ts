/** Feature keys of R-BILL-12 ('business' unlocks the business analysis). */
export type FeatureKey = 'core' | 'ai' | 'analytics' | 'export' | 'branding' | 'business';

export const FEATURE_KEYS: readonly FeatureKey[] = [
  'core',
  'ai',
  'analytics',
  'export',
  'branding',
  'business',
];

/** The stored list of the user's feature keys (R-BILL-14: key `features`). */
export interface FeatureStore {
  read(): readonly string[];
  write(keys: readonly string[]): void;
  clear(): void;
}

/** Feature gating by the subscription's feature keys (R-BILL-14). */
export const hasFeature = (features: readonly string[] | null | undefined, key: FeatureKey): boolean =>
  Array.isArray(features) && features.includes(key);

/** Turns whatever was stored into a clean list of strings. */
export function parseFeatureList(raw: unknown): readonly string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((item): item is string => typeof item === 'string');
}
