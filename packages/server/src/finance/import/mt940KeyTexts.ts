/**
 * The texts an MT940 line without a bank reference is recognised by in the duplicate check
 * (core's `BankLine.keyTexts`), read as Loop first read `:86:` fields: the lines joined without a
 * space for structured text and with one otherwise, the structured parts /NAME/ (or /CNTP/'s name,
 * /ORDP/, /BENM/) and /REMI/, and a name after 'NAAM:'. FROZEN: the duplicate keys of every earlier
 * import are made from these texts, so a change here makes their lines count as new on the next
 * import of the same statement. Improve how descriptions are shown in `mt940Text.ts` instead.
 */

const KEYS =
  /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|MARF|CSID|ORDP|BENM|CNTP|ADDR|ID|PURP|ULTC|ULTD|ULTB|RTRN|ISDT|CREF|PREF|SVCL|CDTRREFTP|CDTRREF|CD|ISSR|OCMT|CHGS|EXCH|BUSP|RTYP)\//g;

function parts(text: string): Map<string, string> | null {
  if (!text.startsWith('/')) return null;
  const found = new Map<string, string>();
  const matches = [...text.matchAll(KEYS)];
  if (matches.length === 0 || matches[0]?.index !== 0) return null;
  for (const [index, match] of matches.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? text.length;
    const key = match[1] ?? '';
    if (!found.has(key)) found.set(key, text.slice(start, end).replace(/\/+$/, '').trim());
  }
  return found;
}

/** Counterparty and description of a `:86:` field's lines (trailing spaces removed), as first read. */
export function mt940KeyTexts(details: readonly string[]): { counterparty: string; description: string } {
  const joined = details.join(details[0]?.startsWith('/') ? '' : ' ').trim();
  const found = parts(joined);
  if (found !== null) {
    const cntp = found.get('CNTP')?.split('/') ?? [];
    const counterparty = found.get('NAME') ?? cntp[2] ?? found.get('ORDP') ?? found.get('BENM') ?? '';
    const remittance = (found.get('REMI') ?? '').replace(/^(USTD|STRD)\/+/, '').replace(/^CUR\/+/, '');
    return { counterparty: counterparty.trim(), description: remittance || joined };
  }
  const named = /NAAM:\s*(.+)$/.exec(joined);
  return { counterparty: named?.[1]?.trim() ?? '', description: joined };
}
