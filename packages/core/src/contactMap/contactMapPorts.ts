import type { ApiResult } from '../api';
import type { Contact, ContactMapData, ContactMapQuery, ContactPositionInput } from '../contract';

/** The contacts map's calls (/api/v1/contacts/map, /contacts/:id/position). */
export interface ContactMapGateway {
  load(query: ContactMapQuery): Promise<ApiResult<ContactMapData>>;
  /** Places a contact by hand; null gives it back to the geocoder. */
  place(id: number, position: ContactPositionInput | null): Promise<ApiResult<Contact>>;
}
