import { type ApiResult, type FormResult, formFromApi, formInvalid } from '../../api';
import type { SurveyEmbed } from '../../contract';
import { checkEmbedOrigins, originLines } from './embedOrigins';
import type { SurveyEmbedGateway } from './embedPorts';

/** The share step's embedding settings: read them, and save the origins field as typed. */
export interface EmbedUseCases {
  load(surveyId: number): Promise<ApiResult<SurveyEmbed>>;
  /** One website a line; checked with the server's own rule first (R-EMBED-1), nothing sent when wrong. */
  saveOrigins(surveyId: number, text: string): Promise<FormResult<SurveyEmbed>>;
}

export function createEmbedUseCases(deps: { readonly gateway: SurveyEmbedGateway }): EmbedUseCases {
  return {
    load: (surveyId) => deps.gateway.embed(surveyId),
    saveOrigins: async (surveyId, text) => {
      const checked = checkEmbedOrigins(originLines(text));
      if (!checked.ok) return formInvalid(checked.fields);
      return formFromApi(await deps.gateway.saveEmbed(surveyId, { origins: checked.value }));
    },
  };
}
