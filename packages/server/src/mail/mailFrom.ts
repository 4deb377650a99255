import addressparser from 'nodemailer/lib/addressparser/index.js';
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';

/** A mailbox: the display name (may be empty) and the address. */
export interface MailAddress {
  readonly name: string;
  readonly address: string;
}

/** Header values are one line: a name with a line break could add headers of its own. */
export const oneLine = (value: string): string =>
  value
    .replaceAll('\u0000', '')
    .replace(/[\r\n\t]+/g, ' ')
    .trim();

/**
 * MAIL_FROM (`Loop <no-reply@loop.nl>`, `"Loop Enquêtes" <…>` or a bare address) as name and
 * address, read as nodemailer reads an address header.
 */
export function parseMailFrom(mailFrom: string): MailAddress {
  const [first] = addressparser(oneLine(mailFrom), { flatten: true });
  return { name: oneLine(first?.name ?? ''), address: oneLine(first?.address ?? mailFrom) };
}

/**
 * A mailbox as a header value, the way nodemailer writes an address object: a name of plain
 * characters bare, one with RFC 5322 specials in quotes (quotes and backslashes escaped), a
 * non-ASCII one as RFC 2047 encoded words; the address in angle brackets.
 */
export function formatAddress(mailbox: MailAddress): string {
  const name = oneLine(mailbox.name);
  if (name === '') return mailbox.address;
  const shown = !/^[\x20-\x7e]*$/.test(name)
    ? mimeFuncs.encodeWord(name, 'Q', 52)
    : /^[\w !#$%&'*+/=?^`{|}~-]*$/.test(name)
      ? name
      : `"${name.replace(/(["\\])/g, '\\$1')}"`;
  return `${shown} <${mailbox.address}>`;
}
