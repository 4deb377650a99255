import type { FileSaver, MemberRole, Question, Survey } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import type { Timer } from '@loop/core/session';
import { AUTOSAVE_DELAY_MS } from '@loop/core/surveys/editor';
import { act } from 'react';
import { afterEach, beforeEach, expect } from 'vitest';
import { App } from '../../app/App';
import { json, meBody, type SeenRequest } from '../../testing/fakeApi';
import { render, settle, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';

// What the editor screen's tests share: a survey, the app around the editor with a fake API, and
// ways to find its parts.

export const likert: Question = {
  id: 'q-likert',
  type: 'likert',
  title: 'Hoe ervaar je je werk?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [{ id: 's-1', text: 'Ik werk hier met plezier.' }],
  },
};

export const nps: Question = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 1,
  settings: {},
};

export const survey = (overrides: Partial<Survey> = {}): Survey => ({
  id: 5,
  organization_id: 7,
  title: 'Medewerkerstevredenheid',
  description_html: '<p>Over je werk</p>',
  introduction_html: '',
  thank_you_text: 'Bedankt!',
  status: 'draft',
  close_at: null,
  created_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
  published_at: null,
  closed_at: null,
  questions: [likert, nps],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  response_count: 0,
  version: 3,
  estimated_seconds: 27,
  retention_until: null,
  retention_months: null,
  anonymous: false,
  ...overrides,
});

/** A timer whose autosave pauses the test runs by hand; other timers (session refresh) never fire. */
export function autosaveTimer() {
  const tasks: Array<{ ms: number; task: () => void; cancelled: boolean }> = [];
  const timer: Timer = {
    after: (ms, task) => {
      const entry = { ms, task, cancelled: false };
      tasks.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const fire = async () => {
    await act(async () => {
      for (const entry of tasks.filter((t) => !t.cancelled && t.ms === AUTOSAVE_DELAY_MS)) {
        entry.cancelled = true;
        entry.task();
      }
    });
    await settle();
  };
  return { timer, fire };
}

export async function openEditor(
  source: Survey | (() => Survey),
  {
    put,
    manager = false,
    role = 'member',
    status,
    routes = {},
    files,
  }: {
    put?: (request: SeenRequest) => Response;
    manager?: boolean;
    /** The role in the organisation; a plain member by default (no template or retention rights). */
    role?: MemberRole;
    status?: (request: SeenRequest) => Response;
    routes?: Record<string, (request: SeenRequest) => Response>;
    /** Where downloads go (the real browser saver when left out). */
    files?: FileSaver;
  } = {},
) {
  const loaded = () => (typeof source === 'function' ? source() : source);
  const autosave = autosaveTimer();
  const app = createSignedInApp({
    path: '/survey/5/edit',

    routes: {
      'GET /users/me': () =>
        json(
          200,
          meBody({
            can_manage_templates: manager,
            organizations: [{ id: 7, name: 'Demo BV', role }],
          }),
        ),

      'GET /surveys/5': () => json(200, loaded()),
      'PUT /surveys/5': (request) =>
        put
          ? put(request)
          : json(200, { ...loaded(), ...(request.body as object), version: loaded().version + 1 }),
      'POST /surveys/5/status': (request) =>
        status
          ? status(request)
          : json(200, { ...loaded(), status: (request.body as { status: string }).status }),
      'POST /survey-templates': (request) =>
        json(201, { id: 30, organization_id: 7, built_in: false, ...(request.body as object) }),
      ...routes,
    },
    overrides: { Timer: autosave.timer, ...(files ? { FileSaver: files } : {}) },
  });
  const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
  // The editor's chunk (TipTap, dnd-kit) loads lazily: the first test waits for the transform.
  await waitFor(() => expect(container.querySelector('[data-testid="save-status"]')).not.toBeNull(), 400);
  return { app, container, autosave };
}

export const cards = (root: ParentNode) => [
  ...root.querySelectorAll<HTMLElement>('[data-testid="question-card"]'),
];
export const card = (root: ParentNode, n: number): HTMLElement => {
  const found = cards(root)[n - 1];
  if (!found) throw new Error(`no question ${n}`);
  return found;
};
/** The input whose label reads `text`, inside `root`. */
export const byLabel = (root: ParentNode, text: string): HTMLInputElement => {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  const input = label?.htmlFor
    ? root.querySelector<HTMLInputElement>(`[id="${label.htmlFor}"]`)
    : label?.querySelector<HTMLInputElement>('input');
  if (!input) throw new Error(`no input labelled ${text}`);
  return input;
};
export const puts = (app: { api: { seen: SeenRequest[] } }) => app.api.seen.filter((r) => r.method === 'PUT');
export const saveStatus = (root: ParentNode) =>
  root.querySelector('[data-testid="save-status"]')?.textContent;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The element Tab (Shift+Tab: `back`) would focus next (document order; no positive tabindex here). */
function nextFocusable(back: boolean): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.closest('[hidden], [inert]') === null,
  );
  const current = document.activeElement;
  const at = current instanceof HTMLElement ? all.indexOf(current) : -1;
  if (back) return at <= 0 ? null : (all[at - 1] ?? null);
  return all[at + 1] ?? null;
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element matches (at most 400 presses): what
 * a keyboard user does to reach a control, so a control it cannot reach fails the test.
 */
export async function tabTo(
  matches: (element: HTMLElement) => boolean,
  { back = false }: { back?: boolean } = {},
): Promise<HTMLElement> {
  for (let presses = 0; presses < 400; presses++) {
    const next = nextFocusable(back);
    if (next === null) break;
    await act(async () => next.focus());
    if (matches(next)) return next;
  }
  throw new Error('no such control can be reached with Tab');
}

/** The focused control, as the tests read it. */
export const focused = (): HTMLElement => {
  if (!(document.activeElement instanceof HTMLElement)) throw new Error('nothing has the focus');
  return document.activeElement;
};

/** Enter on the focused button: a browser clicks it (jsdom has no keyboard activation of its own). */
export async function pressEnter(): Promise<void> {
  const target = focused();
  await act(async () => {
    const down = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    if (target.dispatchEvent(down) && target instanceof HTMLButtonElement && !target.disabled) target.click();
  });
}

/**
 * Arrow Down on the focused select until its value is `value`, as a keyboard user changes a closed
 * select (each step changes the value and fires 'change').
 */
export async function arrowTo(value: string): Promise<void> {
  const select = focused();
  if (!(select instanceof HTMLSelectElement)) throw new Error('the focus is not on a select');
  for (let steps = 0; select.value !== value; steps++) {
    if (steps > 50) throw new Error(`no option ${value}`);
    await act(async () => {
      select.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      let index = select.selectedIndex + 1;
      while (select.options[index]?.disabled) index++;
      if (index >= select.options.length) index = 0;
      select.selectedIndex = index;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
}

/** The label text of a form control (what a screen reader announces). */
export const labelOf = (element: HTMLElement): string =>
  (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent?.trim() : undefined) ?? '';

/**
 * jsdom has no text layout, and ProseMirror (the description's editor) asks a range where the
 * cursor is when the focus moves through the page: empty rectangles for the tests in the calling
 * file, the originals back after each.
 */
export function stubRangeLayout(): void {
  const range = Range.prototype as Partial<Pick<Range, 'getClientRects' | 'getBoundingClientRect'>>;
  const original = { rects: range.getClientRects, box: range.getBoundingClientRect };
  beforeEach(() => {
    range.getClientRects = () => [] as unknown as DOMRectList;
    range.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  });
  afterEach(() => {
    range.getClientRects = original.rects;
    range.getBoundingClientRect = original.box;
  });
}
