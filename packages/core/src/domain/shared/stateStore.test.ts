import { describe, expect, it } from 'vitest';
import { createStateStore } from './stateStore';

describe('createStateStore', () => {
  it('should hand out the same snapshot until set, then tell every listener once', () => {
    const store = createStateStore({ count: 0 });
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.getSnapshot().count));
    store.subscribe(() => heard.push(-store.getSnapshot().count));
    store.set({ count: 1 });
    expect(store.getSnapshot()).toEqual({ count: 1 });
    expect(heard).toEqual([1, -1]);
  });

  it('should stop telling a listener that unsubscribed, and every listener after clear', () => {
    const store = createStateStore('a');
    let a = 0;
    let b = 0;
    const stopA = store.subscribe(() => a++);
    store.subscribe(() => b++);
    stopA();
    store.set('b');
    expect([a, b]).toEqual([0, 1]);
    store.clear();
    store.set('c');
    expect([a, b]).toEqual([0, 1]);
  });

  it('should let a listener unsubscribe another during a set without skipping anyone', () => {
    const store = createStateStore(0);
    const heard: string[] = [];
    let stopSecond = () => {};
    store.subscribe(() => {
      heard.push('first');
      stopSecond();
    });
    stopSecond = store.subscribe(() => heard.push('second'));
    store.set(1);
    expect(heard).toEqual(['first', 'second']);
    store.set(2);
    expect(heard).toEqual(['first', 'second', 'first']);
  });
});
