import { describe, expect, it } from 'vitest';
import { err, ok } from './result';

describe('ok', () => {
  it('should wrap the value', () => {
    expect(ok(42)).toEqual({ ok: true, value: 42 });
  });
});

describe('err', () => {
  it('should carry the error code', () => {
    expect(err('malformed')).toEqual({ ok: false, error: 'malformed' });
  });

  it('should carry the detail only when given', () => {
    expect(err('forbidden', 'Geen toegang.')).toEqual({
      ok: false,
      error: 'forbidden',
      detail: 'Geen toegang.',
    });
    expect('detail' in err('forbidden')).toBe(false);
  });
});
