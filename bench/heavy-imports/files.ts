/**
 * The files of bench/heavy-imports, generated with the seeded PRNG (the same bytes every run), each
 * grown to a size just under a target:
 * - contacts as Dutch Excel saves them (Windows-1252, ';', CRLF, a header row the import knows), the
 *   contacts of ../contacts-list/generateContacts.ts;
 * - a Rabobank CSV export (the bank's 22 quoted columns, ',' between them), each line a payment
 *   with its counterparty, references and the three description fields filled as SEPA payments fill
 *   them, so 25 MB is about 49,000 lines, under the import's 50,000.
 */
import { EXCEL_CSV_HEADER, excelCsvLine, generateContacts } from '../contacts-list/generateContacts';
import { prng } from '../prng';

/** Lines joined by CRLF until the next would pass `bytes`; how many data lines it holds. */
function grown(header: string, lines: Iterable<string>, bytes: number): { text: string; lines: number } {
  const kept = [header];
  let size = header.length + 2;
  for (const line of lines) {
    if (size + line.length + 2 > bytes) break;
    kept.push(line);
    size += line.length + 2;
  }
  return { text: `${kept.join('\r\n')}\r\n`, lines: kept.length - 1 };
}

/** A contacts CSV of at most `bytes` bytes (at most 200,000 contacts, the import's limit). */
export function contactsCsv(bytes: number): { file: Buffer; rows: number } {
  const contacts = generateContacts(200_000, 29).map(excelCsvLine);
  const { text, lines } = grown(EXCEL_CSV_HEADER, contacts, bytes);
  // The generated names use only letters Windows-1252 has, which Latin-1 encodes alike.
  return { file: Buffer.from(text, 'latin1'), rows: lines };
}

const RABO_HEADER = [
  'IBAN/BBAN',
  'Munt',
  'BIC',
  'Volgnr',
  'Datum',
  'Rentedatum',
  'Bedrag',
  'Saldo na trn',
  'Tegenrekening IBAN/BBAN',
  'Naam tegenpartij',
  'Naam uiteindelijke partij',
  'Naam initiërende partij',
  'BIC tegenpartij',
  'Code',
  'Batch ID',
  'Transactiereferentie',
  'Machtigingskenmerk',
  'Incassant ID',
  'Betalingskenmerk',
  'Omschrijving-1',
  'Omschrijving-2',
  'Omschrijving-3',
];
const PARTIES = [
  ['Kantoorhandel Jansen B.V.', 'NL19INGB0123456789', 'INGBNL2A'],
  ['Stichting Noord', 'NL44ABNA0123456789', 'ABNANL2A'],
  ['Energiebedrijf Zuid N.V.', 'NL91RABO0312345678', 'RABONL2U'],
  ['Gemeente Utrecht', 'NL27BNGH0285167430', 'BNGHNL2G'],
  ['Drukkerij De Vries', 'NL02TRIO0390412345', 'TRIONL2U'],
  ['Verzekeringen Oost B.V.', 'NL61ASNB0708123456', 'ASNBNL21'],
] as const;
const WORDS = [
  'factuur',
  'abonnement',
  'huur',
  'kantoor',
  'licentie',
  'onderhoud',
  'workshop',
  'levering',
  'termijn',
  'project',
  'advies',
  'materialen',
  'reiskosten',
  'drukwerk',
  'jaarcontract',
];

const quoted = (cells: readonly string[]) => cells.map((cell) => `"${cell}"`).join(',');
const euro = (cents: number) =>
  `${cents < 0 ? '-' : '+'}${Math.floor(Math.abs(cents) / 100).toLocaleString('nl-NL')},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

function* rabobankLines(seed: number): Generator<string> {
  const random = prng(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  let balance = 5_000_000;
  for (let n = 1; ; n++) {
    const [name, iban, bic] = pick(PARTIES);
    const cents = Math.round((random() < 0.3 ? 1 : -1) * (500 + random() * 400_000));
    balance += cents;
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 70) * 86_400_000).toISOString().slice(0, 10);
    const direct = cents < 0 && random() < 0.4;
    const reference = `RF${String(n).padStart(12, '0')}${Math.floor(random() * 1e6)}`;
    yield quoted([
      'NL20RABO0123456789',
      'EUR',
      'RABONL2U',
      String(n).padStart(18, '0'),
      day,
      day,
      euro(cents),
      euro(balance),
      iban,
      name,
      direct ? name : '',
      direct ? 'Loop Demo B.V.' : '',
      bic,
      direct ? 'id' : pick(['bg', 'cb', 'tb']),
      direct ? `BATCH-${Math.floor(n / 500)}` : '',
      reference,
      direct ? `MDT-${100_000 + (n % 9_000)}` : '',
      direct ? 'NL98ZZZ302000000000' : '',
      `B${String(n).padStart(9, '0')}`,
      `Factuur ${day.slice(0, 4)}-${String(n).padStart(6, '0')} ${words(9)}`.slice(0, 140),
      `Klantnummer ${10_000 + (n % 5_000)} periode ${day.slice(5, 7)}-${day.slice(0, 4)} ${words(8)}`.slice(
        0,
        140,
      ),
      `Kenmerk ${reference} ${words(7)}`.slice(0, 140),
    ]);
  }
}

/** A Rabobank CSV of at most `bytes` bytes. */
export function rabobankCsv(bytes: number): { file: Buffer; rows: number } {
  const { text, lines } = grown(quoted(RABO_HEADER), rabobankLines(31), bytes);
  return { file: Buffer.from(text, 'utf8'), rows: lines };
}
