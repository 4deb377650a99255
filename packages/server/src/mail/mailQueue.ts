import type { Mailer, MailLog, MailMessage } from './mailer';

/**
 * Sends mails without making the request wait: an answer must not take longer when a mail goes out
 * (that would tell whether an address is registered), and a slow SMTP server must not slow the API.
 * Failures are logged; `drain` waits for mails in flight (at shutdown, in tests).
 */
export class MailQueue {
  readonly #inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: MailLog,
  ) {}

  enqueue(message: MailMessage): void {
    const delivery = this.mailer
      .send(message)
      .catch((error: unknown) => {
        this.log.error({ err: error, kind: message.kind }, 'Versturen van een e-mail is mislukt');
      })
      .finally(() => this.#inFlight.delete(delivery));
    this.#inFlight.add(delivery);
  }

  async drain(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }
}
