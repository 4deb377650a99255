import { NO_LOGIC, type SurveyInput, type SurveyTemplate, type SurveyTemplateInput } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { checkLogicInput } from '@loop/core/surveys/logic';
import { estimateSeconds, renumberQuestions, validateCompleteSurvey } from '@loop/core/surveys/model';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyTemplateRow, surveyTemplates } from '../db/schema';
import { invalidInput } from '../http/apiError';
import { checkedLanguages } from './surveyTranslations';

export const TEMPLATE_NAME_MAX_LENGTH = 120;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 500;

/** The Dutch texts of the template routes. */
export const TEMPLATE_ERRORS = {
  notFound: 'Sjabloon niet gevonden.',
  notAllowed: PERMISSION_DENIED['templates.manage'],
  builtIn: 'Een ingebouwd sjabloon kan niet worden gewijzigd of verwijderd. Maak er een eigen kopie van.',
  nameMissing: 'Geef het sjabloon een naam.',
  nameTooLong: `De naam mag hoogstens ${TEMPLATE_NAME_MAX_LENGTH} tekens lang zijn.`,
  descriptionTooLong: `De omschrijving mag hoogstens ${TEMPLATE_DESCRIPTION_MAX_LENGTH} tekens lang zijn.`,
} as const;

/**
 * Checks a template body: name and description here, the survey content (title, texts, questions)
 * with core's `validateCompleteSurvey`. A 400 names every field; templates have no close date.
 */
export function checkedTemplateInput(body: SurveyTemplateInput): SurveyTemplateInput {
  const fields: Record<string, string> = {};
  const name = typeof body.name === 'string' ? body.name.replaceAll('\u0000', '').trim() : '';
  if (name === '') fields.name = TEMPLATE_ERRORS.nameMissing;
  else if (name.length > TEMPLATE_NAME_MAX_LENGTH) fields.name = TEMPLATE_ERRORS.nameTooLong;
  const description = (body.description ?? '').replaceAll('\u0000', '').trim();
  if (description.length > TEMPLATE_DESCRIPTION_MAX_LENGTH)
    fields.description = TEMPLATE_ERRORS.descriptionTooLong;
  const survey = validateCompleteSurvey({ ...body, close_at: null });
  if (!survey.ok) Object.assign(fields, survey.fields);
  // Without logic, none (the contract); with it, the shapes a survey's logic may have.
  const logic = body.logic === undefined ? null : checkLogicInput(body.logic);
  if (logic !== null && !logic.ok)
    for (const [key, message] of Object.entries(logic.fields))
      fields[key === 'logic' ? key : `logic.${key}`] = message;
  if (!survey.ok || Object.keys(fields).length > 0) throw invalidInput(fields as FieldErrors);
  const { close_at: _closeAt, ...content } = survey.value;
  const checkedLogic = logic?.ok === true ? logic.value : NO_LOGIC;
  // The languages and translations as a survey's save checks them (R-SURV-18, R-SURV-27).
  const languages = checkedLanguages({ ...content, logic: checkedLogic }, body, null);
  return { name, description, ...content, logic: checkedLogic, ...(languages ?? {}) };
}

/** A template's content as the input of a new survey (no close date). */
export const templateAsSurveyInput = (row: SurveyTemplateRow): SurveyInput => ({
  title: row.title,
  description_html: row.descriptionHtml,
  introduction_html: row.introductionHtml,
  thank_you_text: row.thankYouText,
  close_at: null,
  questions: row.questions,
  logic: row.logic,
  languages: row.languages,
  translations: row.translations,
});

export function toSurveyTemplate(row: SurveyTemplateRow): SurveyTemplate {
  const questions = renumberQuestions(row.questions);
  return {
    id: row.id,
    organization_id: row.organizationId,
    built_in: row.organizationId === null,
    name: row.name,
    description: row.description,
    title: row.title,
    description_html: row.descriptionHtml,
    introduction_html: row.introductionHtml,
    thank_you_text: row.thankYouText,
    questions,
    logic: row.logic,
    languages: row.languages,
    translations: row.translations,
    estimated_seconds: estimateSeconds(questions),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const templateColumns = (input: SurveyTemplateInput) => ({
  name: input.name,
  description: input.description,
  title: input.title,
  descriptionHtml: input.description_html,
  introductionHtml: input.introduction_html,
  thankYouText: input.thank_you_text,
  questions: [...input.questions],
  logic: input.logic ?? NO_LOGIC,
  languages: [...(input.languages ?? [])],
  translations: input.translations ?? {},
});

const visibleTo = (organizationId: number) =>
  or(isNull(surveyTemplates.organizationId), eq(surveyTemplates.organizationId, organizationId));

/** Built-in templates first, then the organisation's own, each by name. */
export async function listTemplates(db: Queryable, organizationId: number): Promise<SurveyTemplate[]> {
  const rows = await db
    .select()
    .from(surveyTemplates)
    .where(visibleTo(organizationId))
    .orderBy(
      sql`${surveyTemplates.organizationId} is not null`,
      asc(surveyTemplates.name),
      asc(surveyTemplates.id),
    );
  return rows.map(toSurveyTemplate);
}

/** A built-in template or one of the organisation; null for unknown and other organisations' ids. */
export async function findVisibleTemplate(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<SurveyTemplateRow | null> {
  const [row] = await db
    .select()
    .from(surveyTemplates)
    .where(and(eq(surveyTemplates.id, id), visibleTo(organizationId)));
  return row ?? null;
}

/** A new template of the organisation (rich text sanitised by the caller). */
export async function insertTemplate(
  db: Queryable,
  organizationId: number,
  input: SurveyTemplateInput,
  now: Date,
): Promise<SurveyTemplateRow> {
  const [row] = await db
    .insert(surveyTemplates)
    .values({
      organizationId,
      ...templateColumns(input),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

/** Replaces an organisation template's content; null when it is gone. */
export async function updateTemplate(
  db: Queryable,
  template: { readonly id: number; readonly organizationId: number },
  input: SurveyTemplateInput,
  now: Date,
): Promise<SurveyTemplateRow | null> {
  const [row] = await db
    .update(surveyTemplates)
    .set({ ...templateColumns(input), updatedAt: now })
    .where(
      and(eq(surveyTemplates.id, template.id), eq(surveyTemplates.organizationId, template.organizationId)),
    )
    .returning();
  return row ?? null;
}

/** Deletes an organisation template; surveys made from it stay. */
export async function deleteTemplate(
  db: Queryable,
  template: { readonly id: number; readonly organizationId: number },
): Promise<void> {
  await db
    .delete(surveyTemplates)
    .where(
      and(eq(surveyTemplates.id, template.id), eq(surveyTemplates.organizationId, template.organizationId)),
    );
}
