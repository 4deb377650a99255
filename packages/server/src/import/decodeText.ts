import { detectTextEncoding, type ImportEncoding } from '@loop/core';

/**
 * An uploaded text file's bytes as text (bank statements, contacts, KPI values): UTF-8, UTF-16
 * after its byte order mark, or Windows-1252, decided by core's `detectTextEncoding` (the rule is
 * written there), the same function the finance screen's CSV preview decodes with. Node's
 * TextDecoder knows Windows-1252 (full ICU), so no decoding library is needed.
 */

export const DECODE_MESSAGES = {
  empty: 'Het bestand is leeg.',
  spreadsheet:
    "Dit is een Excel-bestand (xlsx), geen CSV. Sla het in Excel op als 'CSV (gescheiden door lijstscheidingsteken)' en importeer dat bestand.",
  pdf: 'Dit is een PDF. Importeer het afschrift als CAMT.053, MT940 of CSV; die kun je downloaden in je internetbankieren.',
  zip: 'Dit is een ZIP-bestand. Pak het eerst uit en importeer de afschriften die erin zitten.',
  binary:
    'Dit bestand bevat geen tekst (het lijkt een programma of afbeelding). Kies een CAMT.053-, MT940- of CSV-bestand.',
} as const;

/** The messages of one kind of import (the PDF and binary ones name the files it takes). */
export type DecodeMessages = Readonly<Record<keyof typeof DECODE_MESSAGES, string>>;

export type DecodedText =
  | { readonly ok: true; readonly text: string; readonly encoding: ImportEncoding }
  | { readonly ok: false; readonly detail: string };

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

function decodeAs(bytes: Uint8Array, encoding: ImportEncoding): string {
  return new TextDecoder(encoding).decode(bytes);
}

/** The text of an uploaded file, or a Dutch reason why it is not a text file at all. */
export function decodeText(bytes: Uint8Array, messages: DecodeMessages = DECODE_MESSAGES): DecodedText {
  if (bytes.length === 0) return { ok: false, detail: messages.empty };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Both an .xlsx and a .zip start like this; an .xlsx names its workbook early on.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
    return { ok: false, detail: head.includes('xl/') ? messages.spreadsheet : messages.zip };
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return { ok: false, detail: messages.pdf };
  // The same decision as the screens' preview (core's `detectTextEncoding`); Node's TextDecoder
  // then reads the whole file natively.
  const encoding = detectTextEncoding(bytes);
  const text = decodeAs(bytes, encoding);
  // NUL never occurs in a text file (nor can PostgreSQL store it).
  if (text.includes('\u0000')) return { ok: false, detail: messages.binary };
  if (text.trim() === '') return { ok: false, detail: messages.empty };
  return { ok: true, text: text.replace(/^\uFEFF/, ''), encoding };
}
