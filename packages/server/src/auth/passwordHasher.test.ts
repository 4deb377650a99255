import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwordHasher';

const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1 });

describe('createPasswordHasher', () => {
  it('should hash with argon2id and a fresh salt, and verify only the right password', async () => {
    const first = await hasher.hash('Geheim-wachtwoord-1');
    const second = await hasher.hash('Geheim-wachtwoord-1');

    expect(first).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(first).not.toBe(second);
    expect(await hasher.verify(first, 'Geheim-wachtwoord-1')).toBe(true);
    expect(await hasher.verify(first, 'geheim-wachtwoord-1')).toBe(false);
  });

  it('should treat a malformed stored hash as a mismatch instead of throwing', async () => {
    expect(await hasher.verify('geen-hash', 'wat dan ook')).toBe(false);
  });

  it('should use OWASP cost by default', async () => {
    expect(await createPasswordHasher().hash('x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('should spend a verification on nothing without failing', async () => {
    await expect(hasher.verifyNothing('Wat-dan-ook-1')).resolves.toBeUndefined();
  });
});
