import type { EndScreen } from '../../../domain/contract';
import { isSafeRedirect } from '../../../domain/surveys/logic';
import type { Timer } from '../../session';
import type { RespondentState } from './respondentState';
import type { RespondentLocation } from './respondPorts';

/** How long an end screen with a (safe) address is shown before the page goes on to it. */
export const REDIRECT_DELAY_MS = 5000;

/**
 * The end screen a submitted path reached (R-RESP-8): its text replaces the thank-you text, and an
 * address `isSafeRedirect` accepts is offered ('Doorgaan') and followed after REDIRECT_DELAY_MS
 * through the location port; an unsafe one is never followed. Without `location.leave` (the
 * preview) the page offers the address but never leaves by itself.
 */
export class EndScreenExit {
  readonly #deps: { readonly timer: Timer; readonly location: RespondentLocation };
  #cancel: (() => void) | null = null;

  constructor(deps: { readonly timer: Timer; readonly location: RespondentLocation }) {
    this.#deps = deps;
  }

  /** The completion screen's end screen, and the redirect started when there is a safe address. */
  reached(endScreen: EndScreen | null): Pick<RespondentState, 'endScreen' | 'redirectUrl' | 'redirectsSoon'> {
    const address = endScreen?.redirect_url;
    const redirectUrl = address !== undefined && isSafeRedirect(address) ? address : null;
    const { location, timer } = this.#deps;
    const redirectsSoon = redirectUrl !== null && location.leave !== undefined;
    this.cancel();
    if (redirectUrl !== null && redirectsSoon) {
      this.#cancel = timer.after(REDIRECT_DELAY_MS, () => {
        this.#cancel = null;
        location.leave?.(redirectUrl);
      });
    }
    return { endScreen, redirectUrl, redirectsSoon };
  }

  /** The page is gone: the redirect waiting is dropped. */
  cancel(): void {
    this.#cancel?.();
    this.#cancel = null;
  }
}
