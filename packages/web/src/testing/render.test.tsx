import { describe, expect, it } from 'vitest';
import { waitFor } from './render';

describe('waitFor', () => {
  it('should wait for a check that becomes true only after a slow step, as a lazy screen on a busy machine', async () => {
    let ready = false;
    setTimeout(() => {
      ready = true;
    }, 400);
    await expect(
      waitFor(() => {
        if (!ready) throw new Error('not yet');
        return 'shown';
      }),
    ).resolves.toBe('shown');
  });

  it('should give up with the check’s last error', async () => {
    await expect(
      waitFor(() => {
        throw new Error('never');
      }, 1),
    ).rejects.toThrow('never');
  });
});
