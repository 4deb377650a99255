import type { ApiResult } from '../../../domain/api';
import { withVersion } from '../../../domain/branding';
import type { Branding, InvitationPreview, RespondentBranding, Survey } from '../../../domain/contract';
import type { SurveysGateway } from '../../../domain/surveys/model';
import type { InvitationPreviewGateway } from '../respond';

/*
 * What the previews load, apart from the answering session (RespondentSessionPreview.ts): this module
 * is bound in the app's container, the session loads with the preview screen's chunk only.
 */

/** The organisation's branding as the answering page gets it (no defaults filled in: the page has its own). */
export function respondentBrandingOf(
  branding: Branding | null,
  organizationName: string,
): RespondentBranding {
  const version = branding?.version ?? '';
  return {
    organization_name: organizationName,
    logo_url: branding?.logo_url ? withVersion(branding.logo_url, version) : null,
    background_url: branding?.background_url ? withVersion(branding.background_url, version) : null,
    primary_color: branding?.primary_color ?? null,
  };
}

export interface SurveyPreviewDeps {
  readonly surveys: Pick<SurveysGateway, 'get'>;
  readonly invitations: InvitationPreviewGateway;
}

/**
 * What `/survey/:id/preview` and `/survey/:id/email-preview` load. The answering session itself is
 * made by the preview screen with `createPreviewSession`, so the session stays out of the app's
 * entry chunk and loads with the preview (and the answering page) only.
 */
export interface SurveyPreview {
  /** The survey to preview, as its organisation sees it. */
  survey(surveyId: number): Promise<ApiResult<Survey>>;
  /** The invitation e-mail exactly as it will be sent, in Dutch or one of the survey's complete languages. */
  invitation(surveyId: number, language?: string): Promise<ApiResult<InvitationPreview>>;
}

export function createSurveyPreview(deps: SurveyPreviewDeps): SurveyPreview {
  return {
    survey: (surveyId) => deps.surveys.get(surveyId),
    invitation: (surveyId, language) => deps.invitations.invitationPreview(surveyId, language),
  };
}
