import { CONTACT_LANGUAGES, type ContactLanguage } from '../contract';
import { formatLongDayTime, formatLongDayTimeIn } from '../format';
import { ESTIMATE_WORDS, estimateMinutes } from '../surveys/model';

/**
 * Every word the invitation and reminder e-mail says of its own, in one language (R-INV-5): subject,
 * greeting, the invitation, the estimate, the close date, the button, the footer. The survey's own
 * title and introduction are not here. A function takes the values a sentence needs (names, the
 * estimate's seconds, the close moment) and writes them by the language's rules: plural forms,
 * quotation marks, the date's conventions.
 */
export interface InvitationMailWords {
  /** The language these words are in: the mail's `<html lang>`. */
  readonly language: ContactLanguage;
  /** Writing direction of the mail in this language. */
  readonly dir: 'ltr' | 'rtl';
  readonly subject: (title: string) => string;
  readonly reminderSubject: (title: string) => string;
  /** 'Hallo Anna,' or, without a name, 'Hallo,'. */
  readonly greeting: (name: string | undefined) => string;
  readonly invited: (organization: string, title: string) => string;
  readonly reminded: (organization: string, title: string) => string;
  /** The time estimate, from the survey's estimated seconds (as the answering page says it). */
  readonly duration: (seconds: number) => string;
  /** Until when answers are taken, the date and time in the Netherlands' time zone. */
  readonly closes: (moment: Date) => string;
  readonly button: string;
  readonly fallback: string;
  readonly personal: string;
  readonly footer: (organization: string) => string;
  readonly unsubscribe: (organization: string) => string;
  readonly unsubscribeLink: string;
}

const minutes = (language: ContactLanguage, seconds: number): string =>
  ESTIMATE_WORDS[language](estimateMinutes(seconds));

/** The no-break space French puts before : ; ! ? and inside « ». */
const S = '\u00a0';

/**
 * The mail's words per language. Dutch is the texts the mail has always had (informal 'je'); the
 * other languages address the contact as the answering page the link opens does (R-RESP-10): 'you',
 * 'Sie', 'vous', 'Ty', 'siz', 'ви' and the Arabic second person.
 */
export const INVITATION_MAIL_WORDS = {
  nl: {
    language: 'nl',
    dir: 'ltr',
    subject: (title) => `Uitnodiging: ${title}`,
    reminderSubject: (title) => `Herinnering: ${title}`,
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    invited: (organization, title) => `${organization} nodigt je uit om de survey '${title}' in te vullen.`,
    reminded: (organization, title) =>
      `${organization} nodigde je eerder uit om de survey '${title}' in te vullen. Je antwoord is nog niet binnen; je kunt het nog steeds geven.`,
    duration: (seconds) => `Invullen duurt ${minutes('nl', seconds)}.`,
    closes: (moment) => `Je kunt antwoorden tot ${formatLongDayTime(moment)}.`,
    button: 'Survey invullen',
    fallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
    personal: 'Deze link is alleen voor jou: stuur deze e-mail niet door.',
    footer: (organization) => `Je ontvangt deze e-mail omdat ${organization} je uitnodigt via Loop.`,
    unsubscribe: (organization) => `Wil je geen uitnodigingen van ${organization} meer ontvangen?`,
    unsubscribeLink: 'Afmelden',
  },
  en: {
    language: 'en',
    dir: 'ltr',
    subject: (title) => `Invitation: ${title}`,
    reminderSubject: (title) => `Reminder: ${title}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    invited: (organization, title) => `${organization} invites you to fill in the survey '${title}'.`,
    reminded: (organization, title) =>
      `${organization} invited you earlier to fill in the survey '${title}'. Your response has not come in yet; there is still time to give it.`,
    duration: (seconds) => `It takes ${minutes('en', seconds)} to fill in.`,
    closes: (moment) => `You can respond until ${formatLongDayTimeIn('en-GB', moment)}.`,
    button: 'Fill in the survey',
    fallback: 'Button not working? Copy this link into your browser:',
    personal: 'This link is just for you: please do not forward this email.',
    footer: (organization) => `You are receiving this email because ${organization} invites you via Loop.`,
    unsubscribe: (organization) => `Don't want to receive invitations from ${organization} any more?`,
    unsubscribeLink: 'Unsubscribe',
  },
  de: {
    language: 'de',
    dir: 'ltr',
    subject: (title) => `Einladung: ${title}`,
    reminderSubject: (title) => `Erinnerung: ${title}`,
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    invited: (organization, title) => `${organization} lädt Sie ein, an der Umfrage „${title}“ teilzunehmen.`,
    reminded: (organization, title) =>
      `${organization} hat Sie bereits eingeladen, an der Umfrage „${title}“ teilzunehmen. Ihre Antwort ist noch nicht eingegangen; Sie können sie weiterhin abgeben.`,
    duration: (seconds) => `Das Ausfüllen dauert ${minutes('de', seconds)}.`,
    closes: (moment) => `Sie können bis zum ${formatLongDayTimeIn('de-DE', moment)} antworten.`,
    button: 'Umfrage ausfüllen',
    fallback: 'Funktioniert die Schaltfläche nicht? Kopieren Sie diesen Link in Ihren Browser:',
    personal: 'Dieser Link ist nur für Sie bestimmt: Bitte leiten Sie diese E-Mail nicht weiter.',
    footer: (organization) => `Sie erhalten diese E-Mail, weil ${organization} Sie über Loop einlädt.`,
    unsubscribe: (organization) => `Sie möchten keine Einladungen von ${organization} mehr erhalten?`,
    unsubscribeLink: 'Abmelden',
  },
  fr: {
    language: 'fr',
    dir: 'ltr',
    subject: (title) => `Invitation${S}: ${title}`,
    reminderSubject: (title) => `Rappel${S}: ${title}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    invited: (organization, title) =>
      `${organization} vous invite à répondre au questionnaire «${S}${title}${S}».`,
    reminded: (organization, title) =>
      `${organization} vous a déjà invité à répondre au questionnaire «${S}${title}${S}». Votre réponse ne nous est pas encore parvenue${S}; il est encore temps de répondre.`,
    duration: (seconds) => `Comptez ${minutes('fr', seconds)} pour y répondre.`,
    closes: (moment) => `Vous pouvez répondre jusqu'au ${formatLongDayTimeIn('fr-FR', moment)}.`,
    button: 'Répondre au questionnaire',
    fallback: `Le bouton ne fonctionne pas${S}? Copiez ce lien dans votre navigateur${S}:`,
    personal: `Ce lien vous est personnel${S}: merci de ne pas transférer cet e-mail.`,
    footer: (organization) => `Vous recevez cet e-mail parce que ${organization} vous invite via Loop.`,
    unsubscribe: (organization) =>
      `Vous ne souhaitez plus recevoir d'invitations de la part de ${organization}${S}?`,
    unsubscribeLink: 'Se désinscrire',
  },
  pl: {
    language: 'pl',
    dir: 'ltr',
    subject: (title) => `Zaproszenie: ${title}`,
    reminderSubject: (title) => `Przypomnienie: ${title}`,
    greeting: (name) => (name ? `Dzień dobry ${name},` : 'Dzień dobry,'),
    invited: (organization, title) => `${organization} zaprasza Cię do wypełnienia ankiety „${title}”.`,
    reminded: (organization, title) =>
      `Przypominamy o zaproszeniu od ${organization} do wypełnienia ankiety „${title}”. Nie otrzymaliśmy jeszcze Twojej odpowiedzi; nadal możesz jej udzielić.`,
    // The estimate is a nominative ('± 1 minuta'), so it stands after a colon.
    duration: (seconds) => `Czas wypełnienia: ${minutes('pl', seconds)}.`,
    closes: (moment) => `Możesz odpowiedzieć do ${formatLongDayTimeIn('pl-PL', moment)}.`,
    button: 'Wypełnij ankietę',
    fallback: 'Przycisk nie działa? Skopiuj ten link do przeglądarki:',
    personal: 'Ten link jest przeznaczony tylko dla Ciebie: nie przesyłaj dalej tej wiadomości.',
    footer: (organization) => `Otrzymujesz tę wiadomość, ponieważ ${organization} zaprasza Cię przez Loop.`,
    unsubscribe: (organization) => `Nie chcesz więcej otrzymywać zaproszeń od ${organization}?`,
    unsubscribeLink: 'Wypisz się',
  },
  tr: {
    language: 'tr',
    dir: 'ltr',
    subject: (title) => `Davet: ${title}`,
    reminderSubject: (title) => `Hatırlatma: ${title}`,
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    invited: (organization, title) => `${organization} sizi “${title}” anketini doldurmaya davet ediyor.`,
    reminded: (organization, title) =>
      `${organization} sizi daha önce “${title}” anketini doldurmaya davet etti. Yanıtınız henüz bize ulaşmadı; hâlâ yanıt verebilirsiniz.`,
    duration: (seconds) => `Anketi doldurmak ${minutes('tr', seconds)} sürer.`,
    closes: (moment) => `${formatLongDayTimeIn('tr-TR', moment)} tarihine kadar yanıt verebilirsiniz.`,
    button: 'Anketi doldur',
    fallback: 'Düğme çalışmıyor mu? Bu bağlantıyı tarayıcınıza kopyalayın:',
    personal: 'Bu bağlantı yalnızca size özeldir: lütfen bu e-postayı başkalarına iletmeyin.',
    footer: (organization) =>
      `Bu e-postayı, ${organization} sizi Loop üzerinden davet ettiği için alıyorsunuz.`,
    unsubscribe: (organization) => `${organization} tarafından artık davet almak istemiyor musunuz?`,
    unsubscribeLink: 'Abonelikten çık',
  },
  ar: {
    language: 'ar',
    dir: 'rtl',
    subject: (title) => `دعوة: ${title}`,
    reminderSubject: (title) => `تذكير: ${title}`,
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    invited: (organization, title) => `لديك دعوة من ${organization} لملء الاستبيان «${title}».`,
    reminded: (organization, title) =>
      `سبق أن وصلتك دعوة من ${organization} لملء الاستبيان «${title}». لم تصلنا إجابتك بعد، وما زال بإمكانك المشاركة.`,
    // The estimate is a nominative ('± دقيقتان'), so it stands after a colon.
    duration: (seconds) => `الوقت المقدّر لملء الاستبيان: ${minutes('ar', seconds)}.`,
    closes: (moment) => `يمكنك الإجابة حتى ${formatLongDayTimeIn('ar-u-nu-latn', moment)}.`,
    button: 'املأ الاستبيان',
    fallback: 'لا يعمل الزر؟ انسخ هذا الرابط والصقه في متصفحك:',
    personal: 'هذا الرابط خاص بك وحدك: يُرجى عدم إعادة توجيه هذه الرسالة.',
    footer: (organization) => `تصلك هذه الرسالة لأنك تلقيت دعوة من ${organization} عبر Loop.`,
    unsubscribe: (organization) => `لا ترغب في تلقي المزيد من الدعوات من ${organization}؟`,
    unsubscribeLink: 'إلغاء الاشتراك',
  },
  uk: {
    language: 'uk',
    dir: 'ltr',
    subject: (title) => `Запрошення: ${title}`,
    reminderSubject: (title) => `Нагадування: ${title}`,
    greeting: (name) => (name ? `Вітаємо, ${name}!` : 'Вітаємо!'),
    invited: (organization, title) => `${organization} запрошує вас взяти участь в опитуванні «${title}».`,
    reminded: (organization, title) =>
      `Нагадуємо: ${organization} запрошує вас взяти участь в опитуванні «${title}». Ми ще не отримали вашої відповіді; ви все ще можете її надати.`,
    // The estimate is a nominative ('± 1 хвилина'), so it stands after a colon.
    duration: (seconds) => `Орієнтовний час заповнення: ${minutes('uk', seconds)}.`,
    closes: (moment) => `Відповісти можна до ${formatLongDayTimeIn('uk-UA', moment)}.`,
    button: 'Пройти опитування',
    fallback: 'Кнопка не працює? Скопіюйте це посилання у свій браузер:',
    personal: 'Це посилання призначене лише для вас: будь ласка, не пересилайте цей лист.',
    footer: (organization) => `Ви отримали цей лист, тому що ${organization} запрошує вас через Loop.`,
    unsubscribe: (organization) => `Не хочете більше отримувати запрошення від ${organization}?`,
    unsubscribeLink: 'Відписатися',
  },
} satisfies Readonly<Record<ContactLanguage, InvitationMailWords>>;

/**
 * The mail's words in a language: one of CONTACT_LANGUAGES, else Dutch. The caller passes a language
 * only when the survey's translation into it is complete (R-SURV-19), so a mail is never half Dutch.
 */
export const invitationMailWords = (language: string | null | undefined): InvitationMailWords =>
  (CONTACT_LANGUAGES as readonly string[]).includes(language ?? '')
    ? INVITATION_MAIL_WORDS[language as ContactLanguage]
    : INVITATION_MAIL_WORDS.nl;
