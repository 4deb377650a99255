import { describe, expect, it } from 'vitest';
import { EncodedBody } from '../http/contentEncoding';
import { BoardResponseCache } from './boardCache';

describe('BoardResponseCache', () => {
  it('should answer a body only for the key it was kept with', () => {
    const cache = new BoardResponseCache();
    cache.set('1|2|12', 'dag|index', new EncodedBody(Buffer.from('{"cards":[]}')));
    expect(cache.get('1|2|12', 'dag|index')?.identity.toString()).toBe('{"cards":[]}');
    expect(cache.get('1|2|12', 'dag|ander')).toBeUndefined();
    expect(cache.get('1|3|12', 'dag|index')).toBeUndefined();
  });

  it('should stay within its bytes, forgetting the least recently used board first', () => {
    const cache = new BoardResponseCache(400);
    const body = new EncodedBody(Buffer.alloc(90, 'x'));
    cache.set('a', 'k', body);
    cache.set('b', 'k', body);
    cache.set('c', 'k', body);
    expect(cache.get('a', 'k')).toBe(body);
    cache.set('d', 'k', body);
    expect(cache.get('b', 'k')).toBeUndefined();
    expect([cache.get('a', 'k'), cache.get('c', 'k'), cache.get('d', 'k')]).toEqual([body, body, body]);
    cache.set('e', 'k', new EncodedBody(Buffer.alloc(400)));
    expect(cache.get('e', 'k')).toBeUndefined();
    cache.set('a', 'k2', new EncodedBody(Buffer.alloc(10)));
    expect(cache.get('a', 'k')).toBeUndefined();
    expect(cache.get('a', 'k2')?.identity.length).toBe(10);
  });
});
