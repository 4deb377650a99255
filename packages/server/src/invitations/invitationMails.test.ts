import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/testApp';
import { invitationOutboxMail, type Recipient, type SurveyMailBase } from './invitationMails';

const deps = { config: testConfig('/nonexistent') };

/** A survey whose translation is complete in English only. */
const base: SurveyMailBase = {
  organizationName: 'Bakkerij De Korf',
  logoUrl: null,
  primaryColor: null,
  surveyTitle: 'Klantpeiling',
  introductionHtml: '<p>Fijn dat je meedoet.</p>',
  estimatedSeconds: 120,
  closeAt: null,
  mailFrom: 'Loop <no-reply@loop.test>',
  fromName: 'Bakkerij De Korf via Loop',
  translated: {
    en: { language: 'en', surveyTitle: 'Customer survey', introductionHtml: '<p>Glad you join.</p>' },
  },
};

const recipient = (language?: string): Recipient => ({
  contactId: 7,
  name: 'Emma Brown',
  email: 'emma@voorbeeld.nl',
  ...(language === undefined ? {} : { language }),
});

const reminderTo = (language?: string) =>
  invitationOutboxMail(deps, base, recipient(language), {
    reference: 'reminder:1',
    organizationId: 1,
    reminder: true,
    notBefore: null,
  });

describe('invitationOutboxMail', () => {
  it('should write a reminder in the contact’s complete language: survey texts and the mail’s own words', () => {
    const mail = reminderTo('en');
    expect(mail.subject).toBe('Reminder: Customer survey');
    expect(mail.text).toContain(
      "Bakkerij De Korf invited you earlier to fill in the survey 'Customer survey'.",
    );
    expect(mail.text).toContain('Glad you join.');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.fromName).toBe('Bakkerij De Korf via Loop');
  });

  it('should write the whole mail in Dutch for a language the survey is not complete in, or none', () => {
    for (const language of ['de', undefined]) {
      const mail = reminderTo(language);
      expect(mail.subject, language).toBe('Herinnering: Klantpeiling');
      expect(mail.text, language).toContain('Fijn dat je meedoet.');
      expect(mail.text, language).toContain('Hallo Emma Brown,');
      expect(mail.html, language).toContain('<html lang="nl">');
      expect(mail.html, language).toContain('>Survey invullen</a>');
    }
  });
});
