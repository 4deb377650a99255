import { type Browser, type BrowserContext, type Page } from 'playwright-core';
export declare const ROOT: string;
export declare const DEMO: {
    readonly admin: {
        readonly email: 'admin@loop.demo';
        readonly password: 'LoopAdmin!2026';
    };
    readonly user: {
        readonly email: 'demo@loop.demo';
        readonly password: 'LoopDemo!2026';
    };
};
export interface RunningServer {
    readonly url: string;
    readonly dataDir: string;
    readonly output: () => string;
    /** The links found in the mails written to DATA_DIR/outbox, oldest first. */
    readonly mailLinks: () => Promise<string[]>;
    /** Waits (mail goes out after the answer) for a link containing `part` among mails after the first `skip`. */
    readonly waitForMailLink: (part: string, skip?: number) => Promise<string>;
    readonly stop: () => Promise<void>;
}
export declare function startServer(env?: Record<string, string>): Promise<RunningServer>;
/** Debian's Chromium with the flags that work here; benchmarks may add their own. */
export declare function launchBrowser(extraArgs?: readonly string[]): Promise<Browser>;
export interface OpenPage {
    readonly context: BrowserContext;
    readonly page: Page;
    /** Console errors and CSP violations seen so far. */
    readonly problems: string[];
}
export declare function openPage(browser: Browser, viewport?: {
    width: number;
    height: number;
}): Promise<OpenPage>;
export declare function login(page: Page, baseUrl: string, account: {
    email: string;
    password: string;
}): Promise<void>;
