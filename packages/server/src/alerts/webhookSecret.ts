import { openText, sealText } from '../db/sealedText';

/**
 * A channel's address at rest (R-ALERT-4): sealed with ALERT_WEBHOOK_KEY and the survey id as
 * additional data (a stored value moved to another survey does not open).
 */
const owner = (surveyId: number) => `survey:${surveyId}`;

export const encryptWebhookUrl = (key: Buffer, surveyId: number, url: string): string =>
  sealText(key, owner(surveyId), url);

/** The address, or null when the value was not made with this key for this survey. */
export const decryptWebhookUrl = (key: Buffer, surveyId: number, stored: string): string | null =>
  openText(key, owner(surveyId), stored);
