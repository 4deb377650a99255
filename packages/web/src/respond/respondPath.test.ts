import { describe, expect, it } from 'vitest';
import { respondPath, tokenFromPath } from './respondPath';

describe('tokenFromPath', () => {
  it('should read the token of /respond/<token>, with or without a trailing slash', () => {
    expect(tokenFromPath('/respond/AbC_12-xyz')).toBe('AbC_12-xyz');
    expect(tokenFromPath('/respond/AbC_12-xyz/')).toBe('AbC_12-xyz');
    expect(tokenFromPath('/respond/a%2Fb')).toBe('a/b');
  });

  it('should find no token in other or broken paths', () => {
    expect(tokenFromPath('/respond/')).toBeNull();
    expect(tokenFromPath('/respond')).toBeNull();
    expect(tokenFromPath('/respond/a/b')).toBeNull();
    expect(tokenFromPath('/respond/%E0%A4%A')).toBeNull();
    expect(tokenFromPath('/dashboard')).toBeNull();
  });
});

describe('respondPath', () => {
  it('should round-trip a token through the address', () => {
    expect(tokenFromPath(respondPath('x/y z'))).toBe('x/y z');
  });
});
