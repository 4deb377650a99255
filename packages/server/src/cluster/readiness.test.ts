import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness';

describe('createReadiness', () => {
  it('should go from starting to ready to draining, and never back (R-CLUSTER-1)', () => {
    const readiness = createReadiness();
    expect(readiness.state).toBe('starting');
    readiness.markReady();
    expect(readiness.state).toBe('ready');
    readiness.startDraining();
    expect(readiness.state).toBe('draining');
    readiness.markReady();
    expect(readiness.state).toBe('draining');
  });

  it('should start in the state it is given', () => {
    expect(createReadiness('ready').state).toBe('ready');
  });
});
