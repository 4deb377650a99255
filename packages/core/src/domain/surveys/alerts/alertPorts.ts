import type { ApiResult } from '../../api';
import type { AlertRule, MemberAlertSettings, SurveyAlerts, WebhookInput, WebhookView } from './alertTypes';

/** A survey's alerts (/api/v1/surveys/:id/alerts…), organisation in X-Organization-Id. */
export interface AlertsGateway {
  get(surveyId: number): Promise<ApiResult<SurveyAlerts>>;
  saveMine(surveyId: number, settings: MemberAlertSettings): Promise<ApiResult<MemberAlertSettings>>;
  saveRules(surveyId: number, rules: readonly AlertRule[]): Promise<ApiResult<readonly AlertRule[]>>;
  saveWebhook(surveyId: number, input: WebhookInput): Promise<ApiResult<WebhookView>>;
  removeWebhook(surveyId: number): Promise<ApiResult<void>>;
  /** Queues a test message to the channel; the view then shows its delivery. */
  testWebhook(surveyId: number): Promise<ApiResult<WebhookView>>;
}
