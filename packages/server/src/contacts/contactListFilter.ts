import type { ContactFilter } from '@loop/core';
import {
  type CheckedListQuery,
  combineFilters,
  filterOfQuery,
  parseContactListQuery,
  type RawQuery,
} from '@loop/core/contacts';
import type { Queryable } from '../db/database';
import { type ContactResult, invalid, ok, refuse } from './contactRefusals';
import { findSegmentRow } from './contactSegments';
import { CONTACT_ERRORS } from './contactStore';

/** The list's query checked, as a filter with its segment's. */
export interface ListFilter {
  readonly query: Extract<CheckedListQuery, { ok: true }>['value'];
  readonly filter: ContactFilter;
  /** The segment and the rest contradict each other: nothing can match. */
  readonly impossible: boolean;
  readonly segmentName: string | null;
}

/**
 * The list's query string as a filter, with the segment's (`segment_id`) combined in, checked:
 * Dutch 400s for a bad query, 404 for a segment of another organisation. `impossible` when the
 * segment and the rest contradict each other, so nothing can match. The list, the export and the
 * map share it.
 */
export async function listFilterOf(
  db: Queryable,
  organizationId: number,
  query: RawQuery,
): Promise<ContactResult<ListFilter>> {
  const parsed = parseContactListQuery(query);
  if (!parsed.ok) return invalid(parsed.fields);
  const own = filterOfQuery(parsed.value);
  if (parsed.value.segment_id === undefined)
    return ok({ query: parsed.value, filter: own, impossible: false, segmentName: null });
  const segment = await findSegmentRow(db, organizationId, parsed.value.segment_id);
  if (segment === null) return refuse('not_found', CONTACT_ERRORS.segmentNotFound);
  const combined = combineFilters(segment.filter, own);
  return ok({ query: parsed.value, ...combined, segmentName: segment.name });
}
