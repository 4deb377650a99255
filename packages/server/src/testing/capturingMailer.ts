import type { Mailer, MailKind, MailMessage, MailReceipt } from '../mail/mailer';

/** Keeps every mail in memory (synchronously, when `send` is called) so tests can read the links. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<MailReceipt> {
    this.sent.push(message);
    return { response: null };
  }

  async close(): Promise<void> {}

  to(email: string, kind?: MailKind): MailMessage[] {
    return this.sent.filter((mail) => mail.to === email && (kind === undefined || mail.kind === kind));
  }

  /** The link of the newest mail of this kind to this address; fails the test when there is none. */
  lastLink(email: string, kind: MailKind): string {
    const link = this.to(email, kind).at(-1)?.link;
    if (link === undefined || link === null) throw new Error(`No ${kind} mail with a link to ${email}`);
    return link;
  }

  /** The token at the end of the newest link of this kind. */
  lastToken(email: string, kind: MailKind): string {
    const token = this.lastLink(email, kind).split('/').at(-1);
    if (token === undefined || token === '') throw new Error(`No token in the ${kind} link to ${email}`);
    return token;
  }
}
