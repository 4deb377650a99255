import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/createMemoryStorage';
import { throwingStorage } from '../testing/throwingStorage';
import { createAnswerDraftStore, createPublicLinkStore } from './createRespondentStores';

describe('createPublicLinkStore', () => {
  it('should remember the respondent key and response token per public link', () => {
    const storage = createMemoryStorage();
    const links = createPublicLinkStore(storage);
    expect(links.read('pub')).toBeNull();
    links.write('pub', { respondent_key: 'abcdefghijklmnop_-12', response_token: null });
    expect(links.read('pub')).toEqual({ respondent_key: 'abcdefghijklmnop_-12', response_token: null });
    links.write('pub', { respondent_key: 'abcdefghijklmnop_-12', response_token: 'resp' });
    expect(createPublicLinkStore(storage).read('pub')?.response_token).toBe('resp');
    expect(links.read('other')).toBeNull();
  });

  it('should treat unreadable or tampered entries as never visited', () => {
    const storage = createMemoryStorage();
    const links = createPublicLinkStore(storage);
    storage.setItem('loop_respond_link:a', '{kapot');
    storage.setItem('loop_respond_link:b', JSON.stringify({ respondent_key: 'kort' }));
    storage.setItem('loop_respond_link:c', JSON.stringify({ respondent_key: '<script>alert(1)</script>xx' }));
    expect([links.read('a'), links.read('b'), links.read('c')]).toEqual([null, null, null]);
  });

  it('should not throw when the browser blocks storage', () => {
    const links = createPublicLinkStore(throwingStorage());
    expect(() =>
      links.write('pub', { respondent_key: 'abcdefghijklmnop', response_token: null }),
    ).not.toThrow();
    expect(links.read('pub')).toBeNull();
  });
});

describe('createAnswerDraftStore', () => {
  it('should keep unsaved answers, seconds and position per token until cleared', () => {
    const drafts = createAnswerDraftStore(createMemoryStorage());
    const draft = { answers: { q1: { score: 8 } }, seconds: { q1: 12.5 }, index: 2 };
    drafts.write('tok', draft);
    expect(drafts.read('tok')).toEqual(draft);
    expect(drafts.read('other')).toBeNull();
    drafts.clear('tok');
    expect(drafts.read('tok')).toBeNull();
  });

  it('should drop seconds that are not a number of seconds', () => {
    const storage = createMemoryStorage();
    storage.setItem(
      'loop_respond_draft:t',
      JSON.stringify({ answers: {}, seconds: { a: -1, b: 'x', c: 4 }, index: 'x' }),
    );
    expect(createAnswerDraftStore(storage).read('t')).toEqual({ answers: {}, seconds: { c: 4 }, index: 0 });
  });
});
