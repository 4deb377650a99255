/**
 * The answering page under a slow CPU: how soon a respondent sees the survey, which long tasks stand
 * in the way, and what a keystroke in an open answer costs against a bare text box in the same page.
 * Chromium's CPU throttling (CDP `Emulation.setCPUThrottlingRate`) stands in for a mid-range phone.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

/** What the page itself records (installed before any of its scripts run). */
interface PageMarks {
  /** The survey's first screen (its title or a question: an h1 in the card) entered the DOM. */
  screenAt: number | null;
  /** The frame after that was produced (rAF, then a task: the paint has happened). */
  paintedAt: number | null;
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __loopMarks?: PageMarks;
    __loopKeys?: { processing: number[]; toPaint: number[] };
  }
}

/** Runs in the page before its own scripts: long tasks and the moment the survey appears. */
function recordMarks() {
  const marks: PageMarks = { screenAt: null, paintedAt: null, longTasks: [] };
  window.__loopMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (marks.screenAt !== null || !document.querySelector('.respondent-card h1')) return;
    marks.screenAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        marks.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

export interface FirstScreenRun {
  readonly fcp: number;
  /** The survey's first screen painted (ms from navigation start). */
  readonly firstScreen: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  /** Sum of (long task − 50 ms) before the first screen: Lighthouse's total blocking time. */
  readonly blockingMs: number;
  readonly requests: number;
  readonly scripts: number;
  readonly apiGets: number;
}

async function throttle(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** One cold load (fresh context, empty cache) of `url` at `rate`× CPU slowdown. */
export async function firstScreenRun(browser: Browser, url: string, rate: number): Promise<FirstScreenRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    await page.addInitScript(recordMarks);
    let requests = 0;
    let scripts = 0;
    let apiGets = 0;
    page.on('request', (request) => {
      requests++;
      if (request.resourceType() === 'script') scripts++;
      if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/v1/respond/'))
        apiGets++;
    });
    await throttle(page, rate);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__loopMarks?.paintedAt != null, null, { timeout: 30_000 });
    // Whatever the page still does after its first screen (a late request, a late long task).
    await page.waitForLoadState('networkidle');
    const title = await page.locator('.respondent-card h1').first().textContent();
    if (!title || /niet (beschikbaar|geladen)/.test(title)) throw new Error(`${url} showed "${title}"`);
    const result = await page.evaluate(() => {
      const marks = window.__loopMarks as PageMarks;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const before = marks.longTasks.filter((task) => task.start < (marks.paintedAt ?? 0));
      return {
        fcp,
        firstScreen: marks.paintedAt ?? Number.NaN,
        longTasks: before.length,
        longTaskMs: before.reduce((sum, task) => sum + task.duration, 0),
        blockingMs: before.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      };
    });
    return { ...result, requests, scripts, apiGets };
  } finally {
    await context.close();
  }
}

/** Listens to keys typed anywhere in the page: processing (JS and layout) and time to the next frame. */
function recordKeys() {
  const keys = { processing: [] as number[], toPaint: [] as number[] };
  window.__loopKeys = keys;
  let started: number | null = null;
  // Capturing on window: the first listener to see the key.
  window.addEventListener('keydown', (event) => (started = event.timeStamp), true);
  // Bubbling on window: after React's root listener has rendered and committed the change.
  window.addEventListener('input', () => {
    if (started === null) return;
    const from = started;
    started = null;
    document.body.getBoundingClientRect();
    keys.processing.push(performance.now() - from);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => keys.toPaint.push(performance.now() - from);
      channel.port2.postMessage(null);
    });
  });
}

type Timings = { processing: number; toPaint: number };

export interface TypingResult {
  /** Medians per keystroke over every round. */
  readonly field: Timings;
  readonly bare: Timings;
  /** A bare box inside React's root: what React's root listeners alone cost a key. */
  readonly inRoot: Timings;
  /** The median over rounds of (box ÷ bare) of the round's medians: drift of a shared machine cancels. */
  readonly ratio: Timings;
  readonly inRootRatio: Timings;
  readonly keys: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Typed one key at a time, at a typist's pace (faster than any pause the page waits for). */
const TEXT = 'Meer overleg tussen de teams';
const KEY_DELAY_MS = 60;

/**
 * Adds the two boxes the field is compared with: one outside the page's React root, one inside it
 * (not React's: it renders nothing for it, but every key event passes React's root listeners).
 * No inner functions: tsx would wrap them in a helper the page does not have.
 */
function addBareBoxes() {
  const places = [
    { id: 'bench-bare', label: 'kaal tekstvak', parent: document.body },
    {
      id: 'bench-in-root',
      label: 'kaal tekstvak in React',
      parent: document.querySelector('.respondent-card'),
    },
  ];
  for (const { id, label, parent } of places) {
    const bare = document.createElement('textarea');
    bare.id = id;
    bare.setAttribute('aria-label', label);
    bare.rows = 6;
    // Above the page's fixed backdrop, like the field it is compared with.
    bare.style.cssText = 'position: relative; z-index: 1; display: block; width: 90%';
    parent?.append(bare);
  }
}

type BoxName = 'bare' | 'inRoot' | 'field';
/** Each round rotates which box goes first. */
const ORDERS: readonly (readonly BoxName[])[] = [
  ['bare', 'inRoot', 'field'],
  ['field', 'bare', 'inRoot'],
  ['inRoot', 'field', 'bare'],
];

/**
 * Keystrokes in the open answer 'Wat kan beter?' of the every-type survey against a bare
 * `<textarea>` added to the same page, and against one added inside React's root, in alternating
 * rounds, at `rate`× CPU slowdown. `url` must be a fresh link (this answers its first questions to
 * get there).
 */
export async function typingRun(
  browser: Browser,
  url: string,
  rate: number,
  rounds = 9,
): Promise<TypingResult> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Starten' }).click();
    for (const statement of ['Ik heb plezier in mijn werk.', 'Mijn team helpt me.']) {
      await page
        .getByRole('radiogroup', { name: statement })
        .getByRole('radio', { name: 'Eens', exact: true })
        .check();
    }
    for (let step = 0; step < 4; step++) await page.getByRole('button', { name: 'Volgende' }).click();
    const field = page.getByRole('textbox', { name: /Wat kan beter\?/ });
    await field.waitFor();
    await page.evaluate(addBareBoxes);
    const boxes = { bare: page.locator('#bench-bare'), inRoot: page.locator('#bench-in-root'), field };
    await page.evaluate(recordKeys);
    await throttle(page, rate);
    const all = {
      bare: { processing: [] as number[], toPaint: [] as number[] },
      inRoot: { processing: [] as number[], toPaint: [] as number[] },
      field: { processing: [] as number[], toPaint: [] as number[] },
    };
    const ratios = { processing: [] as number[], toPaint: [] as number[] };
    const inRootRatios = { processing: [] as number[], toPaint: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const ofRound = {
        bare: { processing: 0, toPaint: 0 },
        inRoot: { processing: 0, toPaint: 0 },
        field: { processing: 0, toPaint: 0 },
      };
      for (const name of ORDERS[round % ORDERS.length] ?? []) {
        const target = boxes[name];
        await target.focus();
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Delete');
        // Let a deferred hand-over of the cleared text pass before measuring.
        await page.waitForTimeout(600);
        await page.evaluate(() => {
          const keys = window.__loopKeys;
          if (keys) {
            keys.processing.length = 0;
            keys.toPaint.length = 0;
          }
        });
        await page.keyboard.type(TEXT, { delay: KEY_DELAY_MS });
        await page.waitForTimeout(200);
        const keys = await page.evaluate(
          () => window.__loopKeys as { processing: number[]; toPaint: number[] },
        );
        if ((await target.inputValue()) !== TEXT) throw new Error(`${name}: typed text did not arrive`);
        all[name].processing.push(...keys.processing);
        all[name].toPaint.push(...keys.toPaint);
        ofRound[name] = { processing: median(keys.processing), toPaint: median(keys.toPaint) };
      }
      ratios.processing.push(ofRound.field.processing / ofRound.bare.processing);
      ratios.toPaint.push(ofRound.field.toPaint / ofRound.bare.toPaint);
      inRootRatios.processing.push(ofRound.inRoot.processing / ofRound.bare.processing);
      inRootRatios.toPaint.push(ofRound.inRoot.toPaint / ofRound.bare.toPaint);
    }
    const medians = (of: { processing: number[]; toPaint: number[] }) => ({
      processing: median(of.processing),
      toPaint: median(of.toPaint),
    });
    return {
      field: medians(all.field),
      bare: medians(all.bare),
      inRoot: medians(all.inRoot),
      ratio: medians(ratios),
      inRootRatio: medians(inRootRatios),
      keys: all.field.processing.length,
    };
  } finally {
    await context.close();
  }
}

export { median };
