import { type FormResult, formFromApi, formInvalid } from '../../api';
import type { Question } from '../../contract';
import type { AlertsGateway } from './alertPorts';
import { checkAlertRulesInput, checkMemberAlertInput } from './alertRules';
import type { AlertRule, MemberAlertSettings, WebhookInput, WebhookView } from './alertTypes';
import { WEBHOOK_MESSAGES } from './webhookRules';

/**
 * What the 'Meldingen' section does: read a survey's alerts, save the member's own choice, the
 * survey's condition alerts and its channel, checked with the server's own rules before they are sent.
 */
export function createAlertUseCases(deps: { readonly gateway: AlertsGateway }) {
  const { gateway } = deps;
  return {
    load: (surveyId: number) => gateway.get(surveyId),
    async saveMine(
      surveyId: number,
      settings: MemberAlertSettings,
    ): Promise<FormResult<MemberAlertSettings>> {
      const checked = checkMemberAlertInput(settings);
      if (!checked.ok) return formInvalid(checked.fields);
      return formFromApi(await gateway.saveMine(surveyId, checked.value));
    },
    async saveRules(
      surveyId: number,
      rules: readonly AlertRule[],
      questions: readonly Question[],
    ): Promise<FormResult<readonly AlertRule[]>> {
      const checked = checkAlertRulesInput({ rules }, questions);
      if (!checked.ok) return formInvalid(checked.fields);
      return formFromApi(await gateway.saveRules(surveyId, checked.value));
    },
    /** The address itself is checked by the server (R-ALERT-4), which alone knows its allowed receivers. */
    async saveWebhook(surveyId: number, input: WebhookInput): Promise<FormResult<WebhookView>> {
      const url = input.url.trim();
      if (url === '') return formInvalid({ url: WEBHOOK_MESSAGES.urlMissing });
      return formFromApi(await gateway.saveWebhook(surveyId, { ...input, url }));
    },
    removeWebhook: (surveyId: number) => gateway.removeWebhook(surveyId),
    testWebhook: (surveyId: number) => gateway.testWebhook(surveyId),
  };
}

export type AlertUseCases = ReturnType<typeof createAlertUseCases>;
