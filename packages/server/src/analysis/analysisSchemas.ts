import type {
  AnalysisDataPoints,
  BusinessAnalysisList,
  BusinessAnalysisListItem,
  BusinessAnalysisResponse,
  LatestBusinessAnalysis,
  StoredBusinessAnalysis,
} from '@loop/core';
import { array, integer, nullable, object, type Schema, string } from '../http/schema';

const dataPointsSchema: Schema<AnalysisDataPoints> = object<AnalysisDataPoints>(
  {
    kpis: integer({ minimum: 0, description: "Aantal KPI's." }),
    surveys: integer({ minimum: 0, description: 'Aantal surveys met ingevulde reacties.' }),
  },
  { description: 'Waar de analyse op gebaseerd is.' },
);

const timestamp = (description: string) => string({ format: 'date-time', description });

const responseProperties = {
  analysis: string({
    description:
      'Het rapport in Markdown (onvertrouwde tekst: de client decodeert, zet om en schoont het op).',
  }),
  metadata: object<BusinessAnalysisResponse['metadata']>({
    organization: object<BusinessAnalysisResponse['metadata']['organization']>({
      name: string({ description: 'Naam van de organisatie.' }),
    }),
    data_points: dataPointsSchema,
    generated_at: timestamp('Wanneer de analyse gemaakt is (ISO 8601).'),
  }),
};

export const analysisResponseSchema: Schema<BusinessAnalysisResponse> = object<BusinessAnalysisResponse>(
  responseProperties,
  { description: 'Een bedrijfsanalyse.' },
);

export const latestAnalysisSchema: Schema<LatestBusinessAnalysis> = object<LatestBusinessAnalysis>({
  latest: nullable(
    object<StoredBusinessAnalysis>(
      { id: integer({ description: 'Id van de analyse.' }), ...responseProperties },
      { description: 'De nieuwste analyse van de organisatie; null zolang er geen is.' },
    ),
  ),
});

const listItemSchema = object<BusinessAnalysisListItem>({
  id: integer({ description: 'Id van de analyse.' }),
  generated_at: timestamp('Wanneer de analyse gemaakt is (ISO 8601).'),
  data_points: dataPointsSchema,
});

export const analysisListSchema: Schema<BusinessAnalysisList> = object<BusinessAnalysisList>(
  {
    data_points: dataPointsSchema,
    analyses: array(listItemSchema, {
      description: 'De analyses van de organisatie, nieuwste eerst (hoogstens 100).',
    }),
  },
  { description: 'Eerdere analyses, en waarop een nieuwe analyse nu gebaseerd zou zijn.' },
);

export const analysisIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de analyse.' }),
});
