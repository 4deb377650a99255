import type { FeatureKey } from '@loop/core';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useFeature } from './useFeature';

/**
 * A screen behind a plan feature (spec §2, the business analysis rule): nothing while the feature
 * check loads, a replacing redirect to /dashboard when the plan lacks it.
 */
export function FeatureGate({ feature, children }: { feature: FeatureKey; children: ReactNode }) {
  const check = useFeature(feature);
  if (check === 'loading') return null;
  if (!check) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
