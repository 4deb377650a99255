/** Which mail this is: names the outbox file and the log line, and tags SMTP messages. */
export type MailKind =
  | 'verify'
  | 'reset'
  | 'account-exists'
  | 'email-change-confirm'
  | 'email-changed'
  | 'email-taken'
  | 'invitation';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly kind: MailKind;
  /** The link the mail is about (verification, reset, login), shown in the developer log. */
  readonly link: string | null;
}

/** Delivers one e-mail (SMTP in production, files in DATA_DIR/outbox on a developer machine). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The part of a pino logger the mail code writes to. */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
