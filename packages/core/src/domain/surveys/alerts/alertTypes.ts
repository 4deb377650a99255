import type { ConditionGroup } from '../../contract';

/**
 * The wire shapes of alerts on new responses (issue 27): what a member receives for a survey, the
 * survey's condition alerts and its Slack or Teams channel. The server answers these on
 * `/api/v1/surveys/:id/alerts…`; the web app sends and shows them.
 */

/** What a member gets by e-mail for every submitted response (R-ALERT-1). */
export const ALERT_MODES = ['each', 'digest', 'none'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** A condition alert of a survey: a name ('Criticaster') and when it holds (R-ALERT-2). */
export interface AlertRule {
  readonly id: string;
  readonly name: string;
  readonly when: ConditionGroup;
}

/** One member's own choice for one survey. */
export interface MemberAlertSettings {
  readonly mode: AlertMode;
  /** Whether the member also gets the survey's condition alerts, one e-mail per matching response. */
  readonly conditions: boolean;
}

/** Which responses go to the channel: every one, or those that match a condition alert. */
export const WEBHOOK_SENDS = ['each', 'conditions'] as const;
export type WebhookSend = (typeof WEBHOOK_SENDS)[number];

/** The kind of incoming webhook, from its host (R-ALERT-4). */
export type WebhookKind = 'slack' | 'teams' | 'workflow' | 'test';

/** A survey's channel as the screen shows it: never the address itself (it is a secret). */
export interface WebhookView {
  readonly kind: WebhookKind;
  /** The host the address points to ('hooks.slack.com'). */
  readonly host: string;
  readonly send: WebhookSend;
  readonly last_delivery_at: string | null;
  readonly last_error: string | null;
  readonly last_error_at: string | null;
  /** Messages still waiting to go (including retries). */
  readonly pending: number;
}

/** Everything the 'Meldingen' section shows for a survey. */
export interface SurveyAlerts {
  readonly mine: MemberAlertSettings;
  readonly rules: readonly AlertRule[];
  readonly webhook: WebhookView | null;
}

/** Setting the channel: the address (https, an allowed host) and what to send. */
export interface WebhookInput {
  readonly url: string;
  readonly send: WebhookSend;
}
