import { Readable } from 'node:stream';
import type { Contact } from '@loop/core';
import { fileNameDate, fileNamePart } from '@loop/core/shared';
import { csvLine, dutchDateTime } from '../results/surveyExport';

/**
 * Contacts as a CSV file for a Dutch Excel: UTF-8 with a byte order mark, ';' between cells, CRLF
 * line ends, formula-like cells neutralised (`csvCell` of the survey export). Written chunk by chunk
 * as the database hands them over. The columns are the import's own Dutch names, so an export
 * imports again as it is; attributes follow as one column per key in use.
 */

export const CONTACT_EXPORT_HEADER = [
  'Naam',
  'E-mailadres',
  'Telefoon',
  'Organisatie',
  'Straat',
  'Huisnummer',
  'Postcode',
  'Plaats',
  'Taal',
  'Tags',
  'Afgemeld op',
  'Toegevoegd op',
] as const;

const BOM = '\uFEFF';

const cellsOf = (contact: Contact, attributeKeys: readonly string[]) => [
  contact.name,
  contact.email,
  contact.phone,
  contact.company,
  contact.street,
  contact.house_number,
  contact.postcode,
  contact.city,
  contact.language,
  contact.tags.join(', '),
  contact.unsubscribed_at === null ? null : dutchDateTime(new Date(contact.unsubscribed_at)),
  dutchDateTime(new Date(contact.created_at)),
  ...attributeKeys.map((key) => contact.attributes[key] ?? null),
];

/** The CSV file as a stream of UTF-8 chunks. */
export function contactsCsv(chunks: AsyncIterable<Contact[]>, attributeKeys: readonly string[]): Readable {
  async function* lines(): AsyncGenerator<Buffer> {
    yield Buffer.from(BOM + csvLine([...CONTACT_EXPORT_HEADER, ...attributeKeys]), 'utf8');
    for await (const chunk of chunks) {
      let text = '';
      for (const contact of chunk) text += csvLine(cellsOf(contact, attributeKeys));
      yield Buffer.from(text, 'utf8');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** 'contacten-<segment or selectie>-<date>.csv'. */
export const contactsExportName = (segmentName: string | null, now: Date): string =>
  `contacten-${segmentName === null ? 'selectie' : fileNamePart(segmentName, 'segment')}-${fileNameDate(now)}.csv`;
