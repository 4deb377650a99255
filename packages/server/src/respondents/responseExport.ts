import type { ResponseExport, ResponseExportFormat } from '@loop/core';
import { logDateOf } from '@loop/core/logs';
import { RESPONSE_KIND_LABELS, RESPONSE_PROGRESS_LABELS } from '@loop/core/surveys/data';
import { type AnswerItem, renumberQuestions } from '@loop/core/surveys/model';
import { logicExportCells, logicExportHeaders, surveyHasLogic } from '@loop/core/surveys/results';
import type { SurveyRow } from '../db/schema';
import { csvLine, dutchDateTime, exportColumns } from '../results/surveyExport';
import { answersAsText, type FoundResponse, toListItem } from './individualResponses';

/**
 * One respondent's answers as a file (their right of access and to take their data along): JSON
 * with everything stored about the response, or a CSV for a Dutch Excel written exactly as the
 * survey export writes its cells (BOM, `;`, formulas neutralised, the same columns per question
 * and Likert statement), one field per line.
 */

/** The JSON file: the response, its answers as text with the seconds spent per question. */
export function responseExportJson(
  survey: SurveyRow,
  response: FoundResponse,
  items: ReadonlyMap<string, readonly AnswerItem[]>,
  now: Date,
): ResponseExport {
  const seconds = response.questionSeconds;
  return {
    survey: { id: survey.id, title: survey.title },
    response: toListItem(response),
    answers: answersAsText(survey.questions, items).map((answer) => ({
      ...answer,
      seconds_spent: seconds[answer.question_id] ?? null,
    })),
    // What the path stored, for a survey with logic only (R-RES-7): other files stay as they were.
    ...(surveyHasLogic(survey.logic)
      ? {
          path: {
            hidden_fields: response.hiddenFields,
            language: response.language,
            end_screen_id: response.endScreenId,
            unseen_question_ids: response.unseenQuestionIds,
          },
        }
      : {}),
    exported_at: now.toISOString(),
  };
}

export const RESPONSE_EXPORT_HEADERS = {
  field: 'Onderdeel',
  value: 'Antwoord',
  ordinal: 'Reactie',
  survey: 'Survey',
  kind: 'Soort link',
  label: 'Label',
  status: 'Status',
  startedAt: 'Begonnen op',
  savedAt: 'Laatst opgeslagen op',
  completedAt: 'Ingestuurd op',
  anonymised: 'Geanonimiseerd',
} as const;

const moment = (date: Date | null): string | null => (date === null ? null : dutchDateTime(date));

/**
 * The CSV file: the response's facts, for a survey with logic a line per hidden field, its language
 * and its end screen, then a line per question (per statement for Likert).
 */
export function responseExportCsv(
  survey: SurveyRow,
  response: FoundResponse,
  items: ReadonlyMap<string, readonly AnswerItem[]>,
): string {
  const h = RESPONSE_EXPORT_HEADERS;
  const facts: [string, string | number | null][] = [
    [h.ordinal, response.ordinal],
    [h.survey, survey.title],
    [h.kind, RESPONSE_KIND_LABELS[response.kind]],
    [h.label, response.label],
    [h.status, RESPONSE_PROGRESS_LABELS[response.status]],
    [h.startedAt, moment(response.startedAt)],
    [h.savedAt, moment(response.savedAt)],
    [h.completedAt, moment(response.completedAt)],
    [h.anonymised, response.anonymisedAt === null ? 'nee' : `ja, ${dutchDateTime(response.anonymisedAt)}`],
  ];
  // A survey with logic: its hidden fields, 'Taal' and 'Eindscherm', as the survey export has them (R-RES-7).
  const cells = logicExportCells(survey.logic, {
    hidden_fields: response.hiddenFields,
    language: response.language,
    end_screen_id: response.endScreenId,
  });
  const path = logicExportHeaders(survey.logic).map(
    (header, index) => [header, cells[index] ?? null] as [string, string | number | null],
  );
  const answers = exportColumns(renumberQuestions(survey.questions)).map(
    (column) => [column.header, column.cell(items)] as [string, string | number | null],
  );
  // A UTF-8 byte order mark, so Excel reads the file as UTF-8, as in the survey export.
  return `\uFEFF${[[h.field, h.value], ...facts, ...path, ...answers].map((line) => csvLine(line)).join('')}`;
}

/**
 * `survey-12-reactie-3-2026-11-21.json` by the response's number in the survey; one not submitted
 * has none, and is named by its id (`survey-12-niet-ingestuurd-345-…`). Digits, letters and dashes
 * only, safe in any header.
 */
export const responseExportFileName = (
  surveyId: number,
  response: { readonly id: number; readonly ordinal: number | null },
  format: ResponseExportFormat,
  now: Date,
): string =>
  `survey-${surveyId}-${response.ordinal === null ? `niet-ingestuurd-${response.id}` : `reactie-${response.ordinal}`}-${logDateOf(now)}.${format}`;

export const RESPONSE_EXPORT_CONTENT_TYPES: Readonly<Record<ResponseExportFormat, string>> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
