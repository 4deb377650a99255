import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// Tells React that updates in these tests are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  readonly container: HTMLElement;
  readonly unmount: () => void;
}

const mounted = new Set<Root>();

/** Renders into a fresh element attached to the document, and flushes effects. */
export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  mounted.add(root);
  await act(async () => {
    root.render(ui);
  });
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      mounted.delete(root);
      container.remove();
    },
  };
}

/** Lets pending promises and timers of 0 ms settle inside act(). */
export async function settle(times = 3): Promise<void> {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** How long waitFor keeps trying at least: a lazy screen's first import is slow on a loaded machine. */
export const WAIT_FOR_MS = 3000;

/**
 * Waits (settling in between) until `check` stops throwing and returns something other than null or
 * false (an element looked up with `button` or `querySelector` that is not there yet): at least
 * `attempts` tries and at least WAIT_FOR_MS of wall time, so a busy machine (CI, parallel suites)
 * gets the same answer as an idle one.
 */
export async function waitFor<T>(check: () => T, attempts = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + WAIT_FOR_MS;
  let last: unknown;
  for (let i = 0; i < attempts || Date.now() < deadline; i++) {
    try {
      const found = check();
      if (found !== null && found !== false) return found as NonNullable<T>;
      last = new Error(`waitFor: still ${String(found)} after ${i + 1} tries`);
    } catch (error) {
      last = error;
    }
    await settle(1);
  }
  throw last;
}

/** A click inside act(). */
export async function click(element: Element | null): Promise<void> {
  if (!element) throw new Error('Nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Types into a React-controlled input (React listens to the native value setter + input event). */
export async function type(input: Element | null, value: string): Promise<void> {
  if (!(input instanceof HTMLInputElement)) throw new Error('Not an input');
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The button whose text is exactly `text`. */
export const button = (root: ParentNode, text: string): HTMLButtonElement | null =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) ?? null;

export function unmountAll(): void {
  for (const root of mounted) act(() => root.unmount());
  mounted.clear();
  document.body.innerHTML = '';
}

/** Chooses an option of a select as a person would. */
export async function choose(select: Element | null, value: string): Promise<void> {
  if (!(select instanceof HTMLSelectElement)) throw new Error('Not a select');
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Chooses a file in a file input as a person would (jsdom cannot open a file dialog). */
export async function chooseFile(input: Element | null, file: File): Promise<void> {
  if (!(input instanceof HTMLInputElement)) throw new Error('Not an input');
  await act(async () => {
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
