import type { ContactFilter, ContactSegment } from '@loop/core';
import { checkContactFilter } from '@loop/core/contacts';
import { type ContactResult, duplicateSegment, invalid, ok, refuse } from './contactRefusals';
import {
  deleteSegment,
  insertSegment,
  isDuplicateSegment,
  listSegments,
  SEGMENT_MESSAGES,
  segmentName,
  segmentOf,
  updateSegment,
} from './contactSegments';
import { CONTACT_ERRORS } from './contactStore';
import type { ContactDeps } from './contactUseCases';

/** Saved filters (segments): what their routes do, answering values or refusals. */

const checkedName = (raw: string): ContactResult<string> => {
  const name = segmentName(raw);
  return name === null ? invalid({ name: SEGMENT_MESSAGES.name }) : ok(name);
};

const checkedFilter = (raw: unknown): ContactResult<ContactFilter> => {
  const filter = checkContactFilter(raw);
  return filter.ok ? ok(filter.value) : invalid(filter.fields);
};

export const contactSegments = (deps: ContactDeps, organizationId: number): Promise<ContactSegment[]> =>
  listSegments(deps.db, organizationId);

/** Saves a filter under a name (unique within the organisation, case aside). */
export async function createSegment(
  deps: ContactDeps,
  organizationId: number,
  input: { readonly name: string; readonly filter: unknown },
): Promise<ContactResult<ContactSegment>> {
  const name = checkedName(input.name);
  if (!name.ok) return name;
  const filter = checkedFilter(input.filter);
  if (!filter.ok) return filter;
  try {
    const row = await insertSegment(deps.db, organizationId, name.value, filter.value, deps.clock.now());
    return ok(await segmentOf(deps.db, row));
  } catch (error) {
    if (isDuplicateSegment(error)) return duplicateSegment(name.value);
    throw error;
  }
}

/** Changes a segment's name and/or filter. */
export async function changeSegment(
  deps: ContactDeps,
  organizationId: number,
  id: number,
  input: { readonly name?: string; readonly filter?: unknown },
): Promise<ContactResult<ContactSegment>> {
  const name = input.name === undefined ? undefined : checkedName(input.name);
  if (name !== undefined && !name.ok) return name;
  const filter = input.filter === undefined ? undefined : checkedFilter(input.filter);
  if (filter !== undefined && !filter.ok) return filter;
  try {
    const row = await updateSegment(
      deps.db,
      organizationId,
      id,
      {
        ...(name === undefined ? {} : { name: name.value }),
        ...(filter === undefined ? {} : { filter: filter.value }),
      },
      deps.clock.now(),
    );
    if (row === null) return refuse('not_found', CONTACT_ERRORS.segmentNotFound);
    return ok(await segmentOf(deps.db, row));
  } catch (error) {
    if (isDuplicateSegment(error)) return duplicateSegment(name?.value ?? '');
    throw error;
  }
}

/** Deletes a segment; its contacts stay. */
export async function removeSegment(
  deps: ContactDeps,
  organizationId: number,
  id: number,
): Promise<ContactResult<null>> {
  return (await deleteSegment(deps.db, organizationId, id))
    ? ok(null)
    : refuse('not_found', CONTACT_ERRORS.segmentNotFound);
}
