/**
 * The counterparty and description of an MT940 statement line from its `:86:` field (and, for ASN
 * Bank, the `:61:` field's second line), as Dutch banks write them (docs/decisions/finance.md, 'MT940:
 * wrapped lines and labelled texts').
 *
 * Wrapped lines. A bank cuts `:86:` into lines of 65 characters wherever the 65th falls, inside a
 * word too, so the only signal of a cut is the width: a line of the full width was cut and is
 * joined to the next without a space; a shorter line ended where the bank ended it and is joined
 * with a space ('w' + 'at' is 'wat'; 'Factuur' + '123' is 'Factuur 123'). The first line's 65
 * usually excludes the tag ':86:' but ING counts it, so a file whose first lines never pass 61
 * characters while some reach exactly 61 is read with 61 for first lines (`firstLineWidth`).
 * Trailing spaces are dropped before measuring: a line padded to 65 (ASN, SNS) or cut right after a
 * space ended between words either way.
 *
 * What the text holds: structured subfields ('/TRTP/…/NAME/…/REMI/…': ABN AMRO, ING, Knab, bunq,
 * Triodos; ING's and Rabobank's '/CNTP/iban/bic/naam/plaats/'); ABN AMRO's unstructured SEPA texts,
 * laid out in two columns of 32 characters per line ('SEPA OVERBOEKING', padded, then 'IBAN: …'),
 * where a value flows on from a full column to the next just as from a full line; labelled texts
 * ('NAAM:', 'OMSCHRIJVING:', 'KENMERK:', 'IBAN:', 'BIC:', 'MACHTIGING:', 'INCASSANT:', Knab's
 * 'REK:'); Triodos's '>20'…'>29' pieces of 27 characters; or free text. Labels and pieces give the
 * counterparty (NAAM, /NAME/) and the description (OMSCHRIJVING, /REMI/) separately; a KENMERK or
 * BETALINGSKENMERK is added to the description (a record has no field of its own for it); an IBAN,
 * BIC, mandate or creditor id is left out (a record has no field for the counterparty's account).
 */

/** The width banks wrap `:86:` lines at (SWIFT's 6*65x). */
export const MT940_WRAP_WIDTH = 65;
/** The first line's width at a bank that counts the tag ':86:' in its 65 characters (ING). */
const TAG_COUNTED_WIDTH = MT940_WRAP_WIDTH - ':86:'.length;

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The width of the first lines of a file's `:86:` fields: 65, or 61 where the bank counts the tag
 * (no first line that wraps is longer than 61, and one is exactly 61).
 */
export function firstLineWidth(fields: readonly (readonly string[])[]): number {
  const firsts = fields.filter((lines) => lines.length > 1).map((lines) => (lines[0] ?? '').length);
  const countsTag =
    firsts.includes(TAG_COUNTED_WIDTH) && firsts.every((length) => length <= TAG_COUNTED_WIDTH);
  return countsTag ? TAG_COUNTED_WIDTH : MT940_WRAP_WIDTH;
}

/** Pieces of text joined back: after a full piece without a space (it was cut), else with one. */
function joinPieces(pieces: readonly { readonly text: string; readonly full: boolean }[]): string {
  let joined = '';
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) joined += pieces[index - 1]?.full ? '' : ' ';
    joined += piece.text;
  }
  return joined;
}

/** The lines of a `:86:` field (the first without its tag) joined back as the bank wrote them. */
export function joinWrapped(lines: readonly string[], firstWidth = MT940_WRAP_WIDTH): string {
  return joinPieces(
    lines.map((raw, index) => {
      const text = raw.replace(/\s+$/, '');
      return { text, full: text.length >= (index === 0 ? firstWidth : MT940_WRAP_WIDTH) };
    }),
  );
}

/** ABN AMRO's labels where its two-column layout starts a value, at column 33 of a line. */
const ABN_COLUMN_LABEL =
  /^.{32} (?:IBAN|BIC|NAAM|OMSCHRIJVING|KENMERK|INCASSANT|MACHTIGING|BETALINGSKENM\.|ID DEBITEUR):/;
const ABN_COLUMN = 32;

/**
 * ABN AMRO's unstructured SEPA layout: every line two columns of 32 characters with a space between
 * ('SEPA OVERBOEKING                 IBAN: NL56…'), a value running on from a full column into the
 * next ('OMSCHRIJVING: 1412DEC 2015 CONSU' + 'LTING').
 */
function abnColumns(lines: readonly string[]): string | null {
  if (!lines.some((line) => ABN_COLUMN_LABEL.test(line))) return null;
  const cells = lines.flatMap((raw) => {
    const line = raw.replace(/\s+$/, '');
    // A line without the space between the columns is taken whole (full at the line's width).
    if (line.length > ABN_COLUMN && line[ABN_COLUMN] !== ' ')
      return [{ text: line, full: line.length >= MT940_WRAP_WIDTH }];
    return [line.slice(0, ABN_COLUMN), line.slice(ABN_COLUMN + 1)]
      .map((cell) => cell.replace(/\s+$/, ''))
      .filter((cell) => cell.trim() !== '')
      .map((text) => ({ text, full: text.length >= ABN_COLUMN }));
  });
  return joinPieces(cells);
}

const STRUCTURED_KEYS =
  /\/(TRTP|IBAN|BBAN|BIC|NAME|REMI|EREF|MARF|CSID|ORDP|BENM|CNTP|ADDR|ID|PURP|ULTC|ULTD|ULTB|RTRN|ISDT|CREF|PREF|SVCL|CDTRREFTP|CDTRREF|CD|ISSR|OCMT|CHGS|EXCH|BUSP|RTYP|NRTX|PIND)\//g;

/** The parts of a structured text ('/TRTP/SEPA OVERBOEKING/IBAN/NL…/NAME/…/REMI/…'), by key. */
function structured(text: string): Map<string, string> | null {
  if (!text.startsWith('/')) return null;
  const parts = new Map<string, string>();
  const matches = [...text.matchAll(STRUCTURED_KEYS)];
  if (matches.length === 0 || matches[0]?.index !== 0) return null;
  for (const [index, match] of matches.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? text.length;
    const key = match[1] ?? '';
    if (!parts.has(key)) parts.set(key, text.slice(start, end).replace(/\/+$/, '').trim());
  }
  return parts;
}

/** Labels of unstructured texts, the longer of two that share a start first. */
const LABELS =
  /(BETALINGSKENMERK|BETALINGSKENM\.|OMSCHRIJVING|MACHTIGING ID|MACHTIGING|INCASSANT ID|INCASSANT|ID DEBITEUR|KENMERK|IBAN|BIC|NAAM|REK):/g;

/** A reference for the description: 'NOTPROVIDED' and the like say there is none. */
const reference = (value: string | undefined): string | null => {
  const text = squash(value ?? '');
  return text === '' || /^(NOTPROVIDED|NONREF)$/i.test(text) ? null : text;
};

/** A labelled text ('SEPA OVERBOEKING IBAN: … NAAM: … OMSCHRIJVING: … KENMERK: …'); null without NAAM or OMSCHRIJVING. */
function labelled(text: string): { counterparty: string; description: string } | null {
  const matches = [...text.matchAll(LABELS)];
  if (!matches.some((match) => match[1] === 'NAAM' || match[1] === 'OMSCHRIJVING')) return null;
  const values = new Map<string, string>();
  for (const [index, match] of matches.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? text.length;
    const label = match[1] ?? '';
    if (!values.has(label)) values.set(label, squash(text.slice(start, end)).replace(/\/+$/, ''));
  }
  const head = squash(text.slice(0, matches[0]?.index ?? 0));
  const kenmerk = reference(values.get('KENMERK'));
  const betalingskenmerk = reference(values.get('BETALINGSKENMERK') ?? values.get('BETALINGSKENM.'));
  const note =
    kenmerk !== null
      ? `kenmerk ${kenmerk}`
      : betalingskenmerk !== null
        ? `betalingskenmerk ${betalingskenmerk}`
        : null;
  const main = values.get('OMSCHRIJVING') || head;
  const description =
    note === null ? main : main === '' ? note.charAt(0).toUpperCase() + note.slice(1) : `${main} (${note})`;
  return { counterparty: values.get('NAAM') ?? '', description };
}

const TRIODOS_PIECE = 27;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/**
 * Triodos's layout: '000>10…' and then pieces '>20'…'>29' of 27 characters (the description,
 * after the counterparty's BIC in >20 and IBAN in >21 where it has them), '>31' the own account,
 * '>32'/'>33' a name.
 */
function triodos(lines: readonly string[]): { counterparty: string; description: string } | null {
  const raw = lines.map((line) => line.replace(/\s+$/, '')).join('');
  if (!/^\d{3}>\d{2}/.test(raw)) return null;
  const pieces = [...raw.matchAll(/>(\d{2})([^>]*)/g)].map((match) => ({
    code: Number(match[1]),
    text: match[2] ?? '',
  }));
  let text = pieces.filter((piece) => piece.code >= 20 && piece.code <= 29);
  if (BIC.test(text[0]?.text.trim() ?? '') && IBAN.test(text[1]?.text.trim() ?? '')) text = text.slice(2);
  const description = joinPieces(
    text.map((piece) => ({ text: piece.text, full: piece.text.length >= TRIODOS_PIECE })),
  );
  const name = pieces.filter((piece) => piece.code === 32 || piece.code === 33).map((piece) => piece.text);
  return { counterparty: squash(name.join('')), description: squash(description) };
}

/** Counterparty and description of a joined `:86:` text. */
function read(text: string): { counterparty: string; description: string } {
  const parts = structured(text);
  if (parts !== null) {
    const cntp = parts.get('CNTP')?.split('/') ?? [];
    const counterparty = parts.get('NAME') || cntp[2] || parts.get('ORDP') || parts.get('BENM') || '';
    const remittance = (parts.get('REMI') ?? '').replace(/^(USTD|STRD)\/+/, '').replace(/^CUR\/+/, '');
    return { counterparty: squash(counterparty), description: squash(remittance || parts.get('TRTP') || '') };
  }
  return labelled(text) ?? { counterparty: '', description: squash(text) };
}

/**
 * The counterparty and description of a statement line: `details` are its `:86:` field's lines
 * (the first without the tag), `supplementary` the `:61:` field's second line (ASN Bank writes the
 * counterparty's name there, and starts `:86:` with its IBAN and that name on a line of their own).
 */
export function describeMt940(
  details: readonly string[],
  options: { readonly firstWidth?: number; readonly supplementary?: string | null } = {},
): { counterparty: string; description: string } {
  const special = triodos(details);
  if (special !== null) return special;
  const name = squash(options.supplementary ?? '');
  const first = squash(details[0] ?? '');
  if (name !== '' && !name.startsWith('/') && details.length > 1 && first.endsWith(` ${name}`)) {
    const rest = read(joinWrapped(details.slice(1)));
    return { counterparty: rest.counterparty || name, description: rest.description };
  }
  return read(abnColumns(details) ?? joinWrapped(details, options.firstWidth));
}
