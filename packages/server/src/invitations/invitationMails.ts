import { CONTACT_LANGUAGES, type ContactLanguage } from '@loop/core/contract';
import { estimateSeconds, renumberQuestions, sanitizeSurveyHtml } from '@loop/core/surveys/model';
import { translatedSurvey } from '@loop/core/surveys/translations';
import type { AppDeps } from '../appDeps';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import type { OutboxMail } from '../outbox/outboxStore';
import { type InvitationContent, invitationMail, invitationSenderName } from '../responses/invitationMail';
import { questionTimings } from '../responses/questionTimings';
import { respondentBranding } from '../responses/respondentBranding';
import { serverHtmlSanitizer } from '../surveys/surveyHtml';
import { completeLanguages, storedTexts } from '../surveys/surveyTranslations';
import { LINK_TOKEN_PLACEHOLDER, unsubscribeToken } from './invitationTokens';

/** An absolute URL under APP_URL for a path such as `/uploads/…` (as the other mails build links). */
const absolute = (appUrl: string, path: string): string =>
  /^https?:\/\//i.test(path) ? path : `${appUrl.replace(/\/+$/, '')}${path}`;

/** The web page of the unsubscribe link in the footer (built by the web app). */
export const unsubscribePageUrl = (appUrl: string, token: string): string =>
  absolute(appUrl, `/afmelden/${token}`);

/** The one-click address of List-Unsubscribe (RFC 8058: POST from the mail program). */
export const unsubscribeApiUrl = (appUrl: string, token: string): string =>
  absolute(appUrl, `/api/v1/unsubscribe/${token}`);

/** The personal link for a token. */
export const respondUrl = (appUrl: string, token: string): string => absolute(appUrl, `/respond/${token}`);

/** What every mail of one survey shares (read once per send or reminder pass). */
export type SurveyMailBase = Omit<
  InvitationContent,
  'link' | 'recipientName' | 'reminder' | 'unsubscribeUrl' | 'language'
> & {
  /** The sender's display name of the survey's mails: '<organisation> via Loop'. */
  readonly fromName: string;
  /**
   * The survey's texts in each language its translation is complete in (R-SURV-19): a contact with
   * that language gets them, and the mail's own words in that language too (R-INV-5).
   */
  readonly translated: Readonly<
    Record<
      string,
      Pick<InvitationContent, 'surveyTitle' | 'introductionHtml'> & { language: ContactLanguage }
    >
  >;
};

/** The survey's title and introduction per complete extra language, sanitised as the Dutch introduction. */
function translatedTexts(survey: SurveyRow): SurveyMailBase['translated'] {
  const texts = storedTexts(survey);
  const mailLanguages = (CONTACT_LANGUAGES as readonly string[]).filter((language) => language !== 'nl');
  return Object.fromEntries(
    completeLanguages(texts, survey)
      // Only a language the mail has words in: a mail is wholly in one language (R-INV-5).
      .filter((language) => mailLanguages.includes(language))
      .map((language) => {
        const translated = translatedSurvey(texts, survey.translations[language]);
        return [
          language,
          {
            language: language as ContactLanguage,
            surveyTitle: translated.title,
            introductionHtml: sanitizeSurveyHtml(translated.introduction_html, serverHtmlSanitizer),
          },
        ];
      }),
  );
}

/**
 * The base of one recipient's mail: the survey's texts and the mail's words in the contact's
 * language when the survey's translation into it is complete, else all Dutch (R-SURV-19, R-INV-5).
 */
/** The base of a mail to a contact with `language` (R-INV-5, R-INV-6): in it when complete, else Dutch. */
export const baseFor = (base: SurveyMailBase, recipient: Pick<Recipient, 'language'>) => {
  const own = recipient.language === undefined ? undefined : base.translated[recipient.language];
  return own === undefined ? base : { ...base, ...own };
};

export async function surveyMailBase(
  deps: Pick<AppDeps, 'config'>,
  db: Queryable,
  survey: SurveyRow,
): Promise<SurveyMailBase> {
  const look = await respondentBranding(db, survey.organizationId);
  const appUrl = deps.config.appUrl;
  return {
    organizationName: look.organization_name,
    logoUrl: look.logo_url === null ? null : absolute(appUrl, look.logo_url),
    primaryColor: look.primary_color,
    surveyTitle: survey.title,
    introductionHtml: sanitizeSurveyHtml(survey.introductionHtml, serverHtmlSanitizer),
    estimatedSeconds: estimateSeconds(
      renumberQuestions(survey.questions),
      await questionTimings(db, survey.id),
    ),
    closeAt: survey.closeAt,
    mailFrom: deps.config.mailFrom,
    fromName: invitationSenderName(deps.config.mailFrom, look.organization_name),
    translated: translatedTexts(survey),
  };
}

export interface Recipient {
  readonly contactId: number;
  readonly name: string;
  readonly email: string;
  /** The contact's language (R-SURV-19, R-INV-5): the mail in it when the survey's translation is complete, else Dutch. */
  readonly language?: string;
}

/**
 * One contact's invitation or reminder as the outbox stores it: the personal link as a placeholder
 * (filled in just before sending), the unsubscribe link in the footer and in List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058 one-click).
 */
export function invitationOutboxMail(
  deps: Pick<AppDeps, 'config'>,
  base: SurveyMailBase,
  recipient: Recipient,
  mail: {
    readonly reference: string;
    readonly organizationId: number;
    readonly reminder: boolean;
    readonly notBefore: Date | null;
  },
): OutboxMail {
  const { appUrl, jwtSecret } = deps.config;
  const token = unsubscribeToken(jwtSecret, recipient.contactId);
  const rendered = invitationMail({
    ...baseFor(base, recipient),
    link: respondUrl(appUrl, LINK_TOKEN_PLACEHOLDER),
    recipientName: recipient.name,
    reminder: mail.reminder,
    unsubscribeUrl: unsubscribePageUrl(appUrl, token),
  });
  return {
    reference: mail.reference,
    organizationId: mail.organizationId,
    kind: mail.reminder ? 'survey-reminder' : 'survey-invitation',
    to: recipient.email,
    fromName: base.fromName,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(appUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    notBefore: mail.notBefore,
  };
}

/** The invitation of the preview: the first recipient's, with an example link. */
export function samplePreview(
  deps: Pick<AppDeps, 'config'>,
  base: SurveyMailBase,
  recipient: Recipient,
): { to: string; subject: string; from: string; html: string; text: string } {
  const appUrl = deps.config.appUrl;
  const rendered = invitationMail({
    ...baseFor(base, recipient),
    link: respondUrl(appUrl, 'voorbeeld'),
    recipientName: recipient.name,
    unsubscribeUrl: unsubscribePageUrl(appUrl, 'voorbeeld'),
  });
  // The sender as the outbox sends it: the organisation's name on MAIL_FROM's address.
  return { to: recipient.email, ...rendered };
}
