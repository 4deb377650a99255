import type { ApiResult } from '../api';
import type {
  Contact,
  ContactLatestInvitationResult,
  ContactMapData,
  ContactMapQuery,
  ContactMapSurveys,
  ContactPositionInput,
} from '../contract';

/** The contacts map's calls (/api/v1/contacts/map, /contacts/map/surveys, /contacts/:id/…). */
export interface ContactMapGateway {
  load(query: ContactMapQuery): Promise<ApiResult<ContactMapData>>;
  /** The surveys the map can be coloured by. */
  surveys(): Promise<ApiResult<ContactMapSurveys>>;
  /** A contact's latest invitation, to this survey or (null) to any. */
  latestInvitation(id: number, surveyId: number | null): Promise<ApiResult<ContactLatestInvitationResult>>;
  /** Places a contact by hand; null gives it back to the geocoder. */
  place(id: number, position: ContactPositionInput | null): Promise<ApiResult<Contact>>;
}
