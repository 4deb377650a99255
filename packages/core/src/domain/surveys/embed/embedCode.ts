/** How the snippet shows a survey: inside a container of the page, or as a panel sliding in. */
export type EmbedMode = 'inline' | 'slide-in';

/** When a slide-in opens: after a number of seconds, or when the visitor clicks a button. */
export type EmbedOpening = 'delay' | 'button';

export interface EmbedOptions {
  readonly mode: EmbedMode;
  readonly opening: EmbedOpening;
  readonly delaySeconds: number;
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = { mode: 'inline', opening: 'delay', delaySeconds: 10 };

/** The longest delay before a slide-in opens, in seconds. */
export const EMBED_DELAY_MAX = 600;

/** The snippet's `data-` attributes (R-EMBED-6), read by /embed.js and written by `embedCode`. */
export const EMBED_ATTRIBUTES = {
  survey: 'data-survey',
  mode: 'data-mode',
  target: 'data-target',
  delay: 'data-delay',
  button: 'data-button',
  repeat: 'data-repeat',
} as const;

/** The ids the pasted code uses for its container and its button. */
export const EMBED_CONTAINER_ID = 'loop-survey';
export const EMBED_BUTTON_ID = 'loop-survey-knop';

/** A delay as typed, kept within 0–EMBED_DELAY_MAX whole seconds (an empty field is 0). */
export function embedDelay(value: string | number): number {
  const seconds = Math.round(Number(value));
  return Number.isFinite(seconds) ? Math.min(EMBED_DELAY_MAX, Math.max(0, seconds)) : 0;
}

const attribute = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The HTML a customer pastes in their website for a survey (R-EMBED-6): the script tag of
 * `<loopOrigin>/embed.js` with the survey's public token and the chosen display, plus the container
 * or button it needs. An external script only: it runs under a strict CSP without 'unsafe-inline'.
 */
export function embedCode(loopOrigin: string, token: string, options: EmbedOptions): string {
  const origin = loopOrigin.replace(/\/+$/, '');
  const parts = [
    `src="${attribute(`${origin}/embed.js`)}"`,
    `${EMBED_ATTRIBUTES.survey}="${attribute(token)}"`,
  ];
  const lines: string[] = [];
  if (options.mode === 'inline') {
    lines.push(`<div id="${EMBED_CONTAINER_ID}"></div>`);
    parts.push(`${EMBED_ATTRIBUTES.target}="#${EMBED_CONTAINER_ID}"`);
  } else {
    parts.push(`${EMBED_ATTRIBUTES.mode}="slide-in"`);
    if (options.opening === 'button') {
      lines.push(`<button type="button" id="${EMBED_BUTTON_ID}">Geef je mening</button>`);
      parts.push(`${EMBED_ATTRIBUTES.button}="#${EMBED_BUTTON_ID}"`);
    } else {
      parts.push(`${EMBED_ATTRIBUTES.delay}="${embedDelay(options.delaySeconds)}"`);
    }
  }
  lines.push(`<script ${parts.join(' ')} async></script>`);
  return lines.join('\n');
}

/** The share step's preview page for these options (R-EMBED-8), served by Loop. */
export function embedPreviewPath(token: string, options: EmbedOptions): string {
  const query = [`mode=${options.mode}`];
  if (options.mode === 'slide-in')
    query.push(options.opening === 'button' ? 'button=1' : `delay=${embedDelay(options.delaySeconds)}`);
  return `/embed/preview/${encodeURIComponent(token)}?${query.join('&')}`;
}

/** Loop's origin and the public token of a survey's public link (`respondUrl`), or null for anything else. */
export function embedSource(
  publicUrl: string,
): { readonly loopOrigin: string; readonly token: string } | null {
  const match = /^(https?:\/\/[^/?#]+)\/respond\/([A-Za-z0-9_-]+)$/.exec(publicUrl);
  return match ? { loopOrigin: match[1] as string, token: match[2] as string } : null;
}
