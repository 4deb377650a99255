/** Which mail this is: names the outbox file and the log line, and tags SMTP messages. */
export type MailKind =
  | 'verify'
  | 'reset'
  | 'account-exists'
  | 'email-change-confirm'
  | 'email-changed'
  | 'email-taken'
  | 'invitation'
  | 'survey-invitation'
  | 'survey-reminder'
  | 'response-alert'
  | 'alert-digest'
  | 'webhook-disabled';

export interface MailMessage {
  readonly to: string;
  /**
   * The sender's display name for this mail on MAIL_FROM's address ('<organisation> via Loop');
   * omitted or null: MAIL_FROM as configured. Written safely (quoted or encoded) by the mailer.
   */
  readonly fromName?: string | null;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly kind: MailKind;
  /** The link the mail is about (verification, reset, login), shown in the developer log. */
  readonly link: string | null;
  /**
   * Extra header lines (List-Unsubscribe, List-Unsubscribe-Post …), written as given: callers
   * check them first (the outbox does, at enqueue).
   */
  readonly headers?: Readonly<Record<string, string>>;
  /** A fixed Message-ID, `<id@domain>`, so a resend is the same message; omitted: a new one. */
  readonly messageId?: string;
}

/** What the receiving server answered (SMTP: its 250 line); null where there is no server. */
export interface MailReceipt {
  readonly response: string | null;
}

/** Delivers one e-mail (SMTP in production, files in DATA_DIR/outbox on a developer machine). */
export interface Mailer {
  /** Resolves once the message is accepted. */
  send(message: MailMessage): Promise<MailReceipt>;
  close(): Promise<void>;
}

/** The part of a pino logger the mail code writes to. */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
