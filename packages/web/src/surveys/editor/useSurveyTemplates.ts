import { type FormResult, formFromApi, formInvalid, type SurveyTemplate } from '@loop/core';
import { hasErrors } from '@loop/core/auth';
import { renamedTemplate, type TemplateMeta, templateMetaErrors } from '@loop/core/surveys/editor';
import { useCallback } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { type Remote, useQuery } from '../../shared/useQuery';

export interface SurveyTemplates {
  readonly list: Remote<readonly SurveyTemplate[]>;
  /** New name and description of an organisation's template; the list reloads after a change. */
  readonly rename: (template: SurveyTemplate, meta: TemplateMeta) => Promise<FormResult<SurveyTemplate>>;
  readonly remove: (template: SurveyTemplate) => Promise<FormResult<void>>;
}

/** The templates of /new-survey (built-in and the organisation's) and the managers' changes to them. */
export function useSurveyTemplates(organisationId: number | null): SurveyTemplates {
  const gateway = useAsyncInjection(TOKENS.SurveyTemplatesGateway);
  const list = useQuery(`survey-templates:${organisationId}`, () => gateway.list());
  const { reload } = list;

  const rename = useCallback(
    async (template: SurveyTemplate, meta: TemplateMeta) => {
      const errors = templateMetaErrors(meta);
      if (hasErrors(errors)) return formInvalid(errors);
      const result = formFromApi(await gateway.update(template.id, renamedTemplate(template, meta)));
      if (result.ok) reload();
      return result;
    },
    [gateway, reload],
  );

  const remove = useCallback(
    async (template: SurveyTemplate) => {
      const result = formFromApi(await gateway.remove(template.id));
      if (result.ok) reload();
      return result;
    },
    [gateway, reload],
  );

  return { list, rename, remove };
}
