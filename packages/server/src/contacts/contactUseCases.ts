import type { Readable } from 'node:stream';
import type { Contact, ContactFacets, ContactSelection } from '@loop/core';
import {
  checkContact,
  checkContactFilter,
  normaliseTags,
  patchedContact,
  type RawQuery,
  tagsProblem,
} from '@loop/core/contacts';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { MAX_SERIAL_ID } from '../db/database';
import { contacts } from '../db/schema';
import { eraseContacts } from './contactErase';
import { contactsCsv, contactsExportName } from './contactExport';
import { listFilterOf } from './contactListFilter';
import { type ContactsPage, type ListMemory, listContacts } from './contactListStore';
import {
  CONTACT_FORM_MESSAGES,
  type ContactResult,
  duplicateEmail,
  invalid,
  ok,
  refuse,
} from './contactRefusals';
import type { BulkBody } from './contactSchemas';
import { addTags, removeTags, selectionConditions } from './contactSegments';
import {
  CONTACT_ERRORS,
  contactChunks,
  findContactRow,
  insertContact,
  isDuplicateEmail,
  loadFacets,
  toContact,
  updateContact,
  valuesOf,
} from './contactStore';

/**
 * What the contacts routes do, as functions of their deps that answer values or refusals
 * (contactRefusals.ts): the routes parse, call one of these and map a refusal to its HTTP status.
 * Each owns its transaction and locks; none needs HTTP.
 */

export type ContactDeps = Pick<AppDeps, 'db' | 'clock'>;

/** A page of the list: its contacts as a JSON array (text), the total and where the page is. */
export interface ContactListPage extends ContactsPage {
  readonly page: number;
  readonly pageSize: number;
}

/** The list of contacts: the query string checked, one page and the filter's total. */
export async function listContactPage(
  deps: ContactDeps,
  memory: ListMemory,
  organizationId: number,
  raw: RawQuery,
): Promise<ContactResult<ContactListPage>> {
  const checked = await listFilterOf(deps.db, organizationId, raw);
  if (!checked.ok) return checked;
  const { query, filter, impossible } = checked.value;
  const { page, page_size: pageSize } = query;
  const { itemsJson, total } = impossible
    ? { itemsJson: '[]', total: 0 }
    : await listContacts(
        deps.db,
        organizationId,
        {
          filter,
          sort: query.sort,
          order: query.order,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
        memory,
      );
  return ok({ itemsJson, total, page, pageSize });
}

export const contactFacets = (deps: ContactDeps, organizationId: number): Promise<ContactFacets> =>
  loadFacets(deps.db, organizationId);

/** Adds a contact; an e-mail address that is already a contact is refused. */
export async function createContact(
  deps: ContactDeps,
  organizationId: number,
  input: unknown,
): Promise<ContactResult<Contact>> {
  const checked = checkContact(input);
  if (!checked.ok) return invalid(checked.fields);
  try {
    const row = await insertContact(deps.db, organizationId, checked.value, deps.clock.now());
    return ok(toContact(row));
  } catch (error) {
    if (isDuplicateEmail(error)) return duplicateEmail(checked.value.email);
    throw error;
  }
}

export async function getContact(
  deps: ContactDeps,
  organizationId: number,
  id: number,
): Promise<ContactResult<Contact>> {
  const row = await findContactRow(deps.db, organizationId, id);
  return row === null ? refuse('not_found', CONTACT_ERRORS.notFound) : ok(toContact(row));
}

/**
 * Changes the fields a patch gives; the rest stays. The contact is locked while the whole is
 * checked again and written; another contact's e-mail address is refused.
 */
export async function changeContact(
  deps: ContactDeps,
  organizationId: number,
  id: number,
  patch: object,
): Promise<ContactResult<Contact>> {
  let email = '';
  try {
    return await deps.db.transaction(async (tx): Promise<ContactResult<Contact>> => {
      const current = await findContactRow(tx, organizationId, id, true);
      if (current === null) return refuse('not_found', CONTACT_ERRORS.notFound);
      const checked = checkContact(patchedContact(valuesOf(current), patch as never));
      if (!checked.ok) return invalid(checked.fields);
      email = checked.value.email;
      const changed = await updateContact(tx, organizationId, id, checked.value, deps.clock.now());
      return changed === null ? refuse('not_found', CONTACT_ERRORS.notFound) : ok(toContact(changed));
    });
  } catch (error) {
    if (isDuplicateEmail(error)) return duplicateEmail(email);
    throw error;
  }
}

/** The AVG erase of one contact (contactErase.ts). */
export async function eraseContact(
  deps: ContactDeps,
  organizationId: number,
  id: number,
): Promise<ContactResult<null>> {
  const erased = await eraseContacts(deps.db, organizationId, [eq(contacts.id, id)], deps.clock.now());
  return erased === 0 ? refuse('not_found', CONTACT_ERRORS.notFound) : ok(null);
}

/** The selection of a bulk action, checked: exactly one of ids, filter or segment_id. */
export function selectionOf(raw: BulkBody['selection']): ContactResult<ContactSelection> {
  const given = [raw.ids, raw.filter, raw.segment_id].filter((part) => part !== undefined).length;
  if (given !== 1) return invalid({ selection: CONTACT_FORM_MESSAGES.selection });
  if (raw.ids !== undefined) return ok({ ids: raw.ids.filter((id) => id >= 1 && id <= MAX_SERIAL_ID) });
  if (raw.segment_id !== undefined) return ok({ segment_id: raw.segment_id });
  const filter = checkContactFilter(raw.filter, 'selection.filter');
  if (!filter.ok) return invalid(filter.fields);
  return ok({ filter: filter.value });
}

export type BulkAction = 'add_tags' | 'remove_tags' | 'delete';

/**
 * Adds or removes tags, or erases, for the selected contacts (ids of another organisation match
 * nothing), in one transaction; answers the action and how many contacts it changed.
 */
export async function bulkContacts(
  deps: ContactDeps,
  organizationId: number,
  body: BulkBody,
): Promise<ContactResult<{ readonly action: BulkAction; readonly affected: number }>> {
  const action = body.action;
  if (action !== 'add_tags' && action !== 'remove_tags' && action !== 'delete')
    return invalid({ action: CONTACT_FORM_MESSAGES.action });
  let tags: string[] = [];
  if (action !== 'delete') {
    tags = normaliseTags(body.tags ?? []);
    const problem = tags.length === 0 ? CONTACT_FORM_MESSAGES.tags : tagsProblem(tags);
    if (problem !== null) return invalid({ tags: problem });
  }
  const selection = selectionOf(body.selection);
  if (!selection.ok) return selection;
  const now = deps.clock.now();
  const affected = await deps.db.transaction(async (tx) => {
    const where = await selectionConditions(tx, organizationId, selection.value);
    if (where === null) return null;
    if (action === 'delete') return eraseContacts(tx, organizationId, where, now);
    return action === 'add_tags' ? addTags(tx, where, tags, now) : removeTags(tx, where, tags, now);
  });
  if (affected === null) return refuse('not_found', CONTACT_ERRORS.segmentNotFound);
  return ok({ action, affected });
}

/** The export of a filter that nothing can match (a segment and a list filter contradicting). */
async function* noChunks(): AsyncGenerator<Contact[]> {}

/** The contacts of the list's query (without pages) as a CSV file, read as it streams. */
export async function exportContacts(
  deps: ContactDeps,
  organizationId: number,
  raw: RawQuery,
): Promise<ContactResult<{ readonly fileName: string; readonly csv: Readable }>> {
  const checked = await listFilterOf(deps.db, organizationId, raw);
  if (!checked.ok) return checked;
  const { query, filter, impossible, segmentName: segment } = checked.value;
  const facets = await loadFacets(deps.db, organizationId);
  const keys = facets.attribute_keys.map((entry) => entry.key).sort();
  return ok({
    fileName: contactsExportName(segment, deps.clock.now()),
    csv: contactsCsv(
      impossible ? noChunks() : contactChunks(deps.db, organizationId, filter, query.sort, query.order),
      keys,
    ),
  });
}
