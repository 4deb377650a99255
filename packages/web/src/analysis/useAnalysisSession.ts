import type { AnalysisSession, AnalysisSessionState } from '@loop/core/analysisSession';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/**
 * The business analysis for one visit of its screen: a session of its own ('Zojuist gegenereerd'
 * means this visit), with the earlier analyses loaded on mount.
 */
export function useAnalysisSession(): {
  readonly session: AnalysisSession;
  readonly state: AnalysisSessionState;
} {
  const create = useAsyncInjection(TOKENS.CreateAnalysisSession);
  const [session] = useState(() => create());
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useEffect(() => {
    void session.load();
  }, [session]);
  return { session, state };
}
