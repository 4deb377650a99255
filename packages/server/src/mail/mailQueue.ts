import type { Mailer, MailLog, MailMessage } from './mailer';

/**
 * Sends mails without making the request wait: an answer must not take longer when a mail goes out
 * (that would tell whether an address is registered), and a slow SMTP server must not slow the API.
 * `later` runs the work that decides on a mail (looking up the address, writing a link's token)
 * after the same fashion, so the answer's timing cannot tell either. Failures are logged; `drain`
 * waits for everything in flight (at shutdown, in tests). With `hold`, work waits for `drain`:
 * tests use it to see what the request path did on its own.
 */
export class MailQueue {
  readonly #inFlight = new Set<Promise<void>>();
  readonly #held: Array<() => void> = [];

  constructor(
    private readonly mailer: Mailer,
    private readonly log: MailLog,
    private readonly options: { readonly hold?: boolean } = {},
  ) {}

  enqueue(message: MailMessage): void {
    this.#track(
      this.mailer.send(message).then(
        () => {},
        (error: unknown) => {
          this.log.error({ err: error, kind: message.kind }, 'Versturen van een e-mail is mislukt');
        },
      ),
    );
  }

  /** Runs `task` off the request path; a failure is logged under `what`. */
  later(what: string, task: () => Promise<void>): void {
    const run = () =>
      task().catch((error: unknown) => {
        this.log.error({ err: error, task: what }, 'Werk na het antwoord is mislukt');
      });
    if (this.options.hold !== true) {
      this.#track(run());
      return;
    }
    this.#track(new Promise<void>((release) => this.#held.push(release)).then(run));
  }

  async drain(): Promise<void> {
    for (const release of this.#held.splice(0)) release();
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  #track(work: Promise<void>): void {
    const tracked = work.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }
}
