/**
 * The surveys gateway alone, loaded by the container with the first screen that needs it: the
 * dashboard's open surveys and the KPI form's survey choice read the surveys list without the
 * editor, results and data use-cases of `surveyServices.ts` (about 20 kB gzip). Nothing here knows
 * inversify.
 */
export { createSurveysGateway } from '@loop/adapters';
