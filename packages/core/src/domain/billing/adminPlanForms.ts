/**
 * The admin's plan forms on /admin/billing as pure rules: what the typed fields lack (in Dutch, per
 * field) and the request they make. The screen keeps the typed text; these read it.
 */
import type { AssignPlanRequest, PlanInput } from '../contract';
import { parseOrganisationIdInput, parsePriceInput } from './adminInputs';

/** A form's problems by field name: empty when the form may be sent. */
export type AdminFormErrors = Readonly<Record<string, string>>;

export const ADMIN_PLAN_FORM_MESSAGES = {
  priceInvalid: 'Vul een geldige prijs in, bijvoorbeeld 29,00.',
  organisationInvalid: 'Vul een geldig organisatie-ID in.',
  planMissing: 'Kies een plan.',
} as const;

/** 'Nieuw plan' or 'Plan … bewerken' as typed: the name, the price text and the chosen feature keys. */
export interface PlanFormFields {
  readonly name: string;
  readonly price: string;
  readonly featureKeys: readonly string[];
}

export const planFormErrors = (form: PlanFormFields): AdminFormErrors =>
  parsePriceInput(form.price) === null ? { price_per_month: ADMIN_PLAN_FORM_MESSAGES.priceInvalid } : {};

/** The plan to create or update: the name without the spaces around it, the price in euros. */
export const planInputOf = (form: PlanFormFields): PlanInput => ({
  name: form.name.trim(),
  price_per_month: parsePriceInput(form.price) ?? 0,
  feature_keys: form.featureKeys,
});

/** 'Plan toewijzen' as typed: the organisation id text and the chosen plan's id ('' for none). */
export interface AssignPlanFields {
  readonly organisationId: string;
  readonly planId: string;
}

export function assignPlanErrors(form: AssignPlanFields): AdminFormErrors {
  const fields: Record<string, string> = {};
  if (parseOrganisationIdInput(form.organisationId) === null)
    fields.organization_id = ADMIN_PLAN_FORM_MESSAGES.organisationInvalid;
  if (form.planId === '') fields.plan_id = ADMIN_PLAN_FORM_MESSAGES.planMissing;
  return fields;
}

export const assignPlanRequestOf = (form: AssignPlanFields): AssignPlanRequest => ({
  organization_id: parseOrganisationIdInput(form.organisationId) ?? 0,
  plan_id: Number(form.planId),
});
