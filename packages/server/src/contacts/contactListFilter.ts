import { combineFilters, filterOfQuery, parseContactListQuery, type RawQuery } from '@loop/core/contacts';
import type { Queryable } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { findSegmentRow } from './contactSegments';
import { CONTACT_ERRORS } from './contactStore';

/**
 * The list's query string as a filter, with the segment's (`segment_id`) combined in, checked:
 * Dutch 400s for a bad query, 404 for a segment of another organisation. `impossible` when the
 * segment and the rest contradict each other, so nothing can match. The list, the export and the
 * map share it.
 */
export async function listFilterOf(db: Queryable, organizationId: number, query: RawQuery) {
  const parsed = parseContactListQuery(query);
  if (!parsed.ok) throw invalidInput(parsed.fields);
  const own = filterOfQuery(parsed.value);
  if (parsed.value.segment_id === undefined)
    return { query: parsed.value, filter: own, impossible: false, segmentName: null };
  const segment = await findSegmentRow(db, organizationId, parsed.value.segment_id);
  if (segment === null) throw new ApiError(404, CONTACT_ERRORS.segmentNotFound);
  const combined = combineFilters(segment.filter, own);
  return { query: parsed.value, ...combined, segmentName: segment.name };
}
