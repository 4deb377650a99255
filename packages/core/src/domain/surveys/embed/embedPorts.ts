import type { ApiResult } from '../../api';
import type { SurveyEmbed } from '../../contract';

/** A survey's embedding settings on the server (`/surveys/:id/embed`). */
export interface SurveyEmbedGateway {
  embed(surveyId: number): Promise<ApiResult<SurveyEmbed>>;
  saveEmbed(surveyId: number, embed: SurveyEmbed): Promise<ApiResult<SurveyEmbed>>;
}
