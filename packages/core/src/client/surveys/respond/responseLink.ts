import type { RespondRequest } from '../../../domain/contract';
import type { PublicLinkEntry, PublicLinkStore, RespondentKeySource } from './respondPorts';

/**
 * The token the answering page sends to, and the public link's respondent key. A public link
 * becomes a response of its own at the first save: the visitor's random respondent key (made and
 * stored before its first use) makes a retried first save land on the same response, and the
 * response token the server answers replaces the public token, remembered per public link so
 * reopening it resumes.
 */
export class ResponseLink {
  readonly #keys: RespondentKeySource;
  readonly #links: PublicLinkStore;
  /** The token requests go to: the opened one, or the response token a public link turned into. */
  #token = '';
  /** The public link this visit answers through, while it has no response token of its own. */
  #publicToken: string | null = null;
  #respondentKey: string | null = null;

  constructor(deps: { readonly keys: RespondentKeySource; readonly links: PublicLinkStore }) {
    this.#keys = deps.keys;
    this.#links = deps.links;
  }

  /** The token requests go to; '' before a link was opened. */
  get token(): string {
    return this.#token;
  }

  /** What this browser remembers of a link (a public link it answered before). */
  remembered(token: string): PublicLinkEntry | null {
    return this.#links.read(token);
  }

  /** Sends to `token` from now on; a public link keeps the visitor's respondent key it remembered. */
  open(token: string, publicLink: PublicLinkEntry | null | false): void {
    this.#token = token;
    if (publicLink === false) return;
    this.#publicToken = token;
    this.#respondentKey = publicLink?.respondent_key ?? null;
  }

  /** The request as sent: on a public link it carries the visitor's respondent key. */
  request(body: RespondRequest): RespondRequest {
    const onPublicLink = this.#publicToken !== null && this.#token === this.#publicToken;
    return onPublicLink ? { ...body, respondent_key: this.#key() } : body;
  }

  /**
   * Continues on the response token the server answered (new for a public link). Answers the token
   * it replaces, or null when nothing changed.
   */
  adopt(responseToken: string): string | null {
    if (!responseToken || responseToken === this.#token) return null;
    const previous = this.#token;
    this.#token = responseToken;
    if (this.#publicToken !== null && this.#respondentKey !== null) {
      this.#links.write(this.#publicToken, {
        respondent_key: this.#respondentKey,
        response_token: responseToken,
      });
    }
    return previous;
  }

  /** The visitor's respondent key, made and stored before its first use so a retry reuses it. */
  #key(): string {
    if (this.#respondentKey === null) {
      this.#respondentKey = this.#keys.newKey();
      if (this.#publicToken !== null)
        this.#links.write(this.#publicToken, { respondent_key: this.#respondentKey, response_token: null });
    }
    return this.#respondentKey;
  }
}
