import { estimateAr } from '../../../../domain/surveys/model';
import { type PluralForms, pluralOf, type RespondentWords } from './respondentWords';

/** Western digits, as on the page's score buttons. */
const number = new Intl.NumberFormat('ar-u-nu-latn').format;
/** A day's key (20260315) in full, as this language writes it. */
const day = (key: number) =>
  new Intl.DateTimeFormat('ar-u-nu-latn', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100)));
const exact = new Intl.NumberFormat('ar-u-nu-latn', { maximumFractionDigits: 6 }).format;
const plural = pluralOf('ar');
/**
 * Arabic counts in six forms: one and two without the number (سؤال واحد، سؤالان), 3–10 with a
 * plural (3 أسئلة), 11–99 with an accusative singular (11 سؤالًا), 100 and on with a singular.
 */
const forms = (n: number, make: (shown: string) => PluralForms) => plural(n, make(number(n)));

const questions = (n: number) =>
  forms(n, (s) => ({
    one: 'سؤال واحد',
    two: 'سؤالان',
    few: `${s} أسئلة`,
    many: `${s} سؤالًا`,
    other: `${s} سؤال`,
  }));
const seconds = (n: number) =>
  forms(n, (s) => ({
    one: 'ثانية واحدة',
    two: 'ثانيتين',
    few: `${s} ثوانٍ`,
    many: `${s} ثانية`,
    other: `${s} ثانية`,
  }));
const stars = (n: number) =>
  forms(n, (s) => ({
    one: 'نجمة واحدة',
    two: 'نجمتان',
    few: `${s} نجوم`,
    many: `${s} نجمة`,
    other: `${s} نجمة`,
  }));
/** Answers as an object (اختر إجابتين). */
const answers = (n: number) =>
  forms(n, (s) => ({
    one: 'إجابة واحدة',
    two: 'إجابتين',
    few: `${s} إجابات`,
    many: `${s} إجابة`,
    other: `${s} إجابة`,
  }));
const characters = (n: number) =>
  forms(n, (s) => ({
    one: 'حرفًا واحدًا',
    two: 'حرفين',
    few: `${s} أحرف`,
    many: `${s} حرفًا`,
    other: `${s} حرف`,
  }));

/** The answering page in Arabic, written right to left. */
export const WORDS = {
  language: 'ar',
  dir: 'rtl',
  numberLocale: 'ar-u-nu-latn',
  loading: 'جارٍ تحميل الاستبيان…',
  notLoaded: 'تعذّر تحميل الاستبيان',
  unavailable: 'الاستبيان غير متاح',
  retry: 'إعادة المحاولة',
  estimateLabel: 'الوقت المقدّر: ',
  minutes: estimateAr,
  questions,
  anonymous: 'هذا الاستبيان مجهول الهوية: لا تُربط إجاباتك باسمك أو بعنوان بريدك الإلكتروني.',
  start: 'ابدأ',
  resume: 'متابعة',
  progress: (current, total) => `السؤال ${number(current)} من ${number(total)}`,
  welcomeBack: 'مرحبًا بعودتك! حُفظت إجاباتك، وستتابع من حيث توقفت.',
  previous: 'السابق',
  next: 'التالي',
  send: 'إرسال',
  sending: 'جارٍ الإرسال…',
  keysToNext: (key) => `مفتاح ${key} ينقلك إلى السؤال التالي.`,
  keysToSend: (key) => `مفتاح ${key} يرسل إجاباتك.`,
  thanks: 'شكرًا لك!',
  alreadyDone: 'تم ملء الاستبيان من قبل',
  fullTitle: 'اكتمل هذا الاستبيان',
  fullText: 'وصلنا عدد كافٍ من الإجابات. شكرًا لاهتمامك!',
  quotaFullTitle: 'شكرًا لاهتمامك',
  quotaFullText: 'شكرًا لاهتمامك. وصلنا بالفعل ما يكفي من الردود من مجموعتك.',
  sent: 'تم إرسال إجاباتك.',
  sentClose: 'تم إرسال إجاباتك. يمكنك الآن إغلاق هذه الصفحة.',
  redirectSoon: (n) => `ستنتقل تلقائيًا خلال ${seconds(n)}.`,
  proceed: 'متابعة',
  required: 'إلزامي',
  counterOf: (limit) => ` من ${limit} حرف`,
  other: 'أخرى (يُرجى التحديد)',
  otherInput: 'أخرى: اكتب إجابتك',
  stars,
  npsLow: 'غير مرجّح إطلاقًا',
  npsHigh: 'مرجّح جدًا',
  chooseExactly: (n) => `اختر ${number(n)} بالضبط.`,
  chooseBetween: (min, max) => `اختر من ${number(min)} إلى ${number(max)}.`,
  numberBetween: (min, max) => `رقم من ${exact(min)} إلى ${exact(max)}.`,
  dropdownHint: 'اكتب للبحث واختر إجابة من القائمة.',
  dateBetween: (min, max) => `تاريخ من ${day(min)} إلى ${day(max)}.`,
  moveUp: 'إلى الأعلى',
  moveDown: 'إلى الأسفل',
  rankPosition: (position, total) => `المرتبة ${number(position)} من ${number(total)}`,
  keepOrder: 'احتفظ بهذا الترتيب',
  chooseAtLeast: (min) => `اختر ${number(min)} على الأقل.`,
  chooseAtMost: (max) => (max === 1 ? 'اختر إجابة واحدة على الأكثر.' : `اختر ${number(max)} على الأكثر.`),
  chooseAny: 'يمكنك اختيار أكثر من إجابة.',
  languageLabel: 'اللغة',
  access: {
    unknownToken: 'هذا الرابط غير صالح. تحقّق من أنك استخدمت الرابط الكامل الوارد في الدعوة.',
    notOpen: 'لم يُفتح هذا الاستبيان بعد.',
    closed: 'هذا الاستبيان مغلق. لم يعد بإمكانك إرسال إجابات.',
    alreadySubmitted: 'لقد أكملت هذا الاستبيان من قبل. شكرًا لك على إجاباتك!',
  },
  session: {
    saveFailed: 'لم تُحفظ إجاباتك بعد: لا يوجد اتصال بالخادم. ستبقى إجاباتك محفوظة وسنحاول مرة أخرى بعد قليل.',
    submitFailed: 'تعذّر إرسال إجاباتك: لا يوجد اتصال بالخادم. ستبقى إجاباتك محفوظة؛ يُرجى المحاولة مرة أخرى.',
    loadFailed: 'تعذّر تحميل الاستبيان. تحقّق من اتصالك بالإنترنت وحاول مرة أخرى.',
  },
  answer: {
    wrongType: 'هذه الإجابة لا تناسب هذا السؤال.',
    noAnswer: 'لا يحتاج نص المقدمة إلى إجابة.',
    numberInvalid: 'أدخل رقمًا.',
    numberAmbiguous:
      'يمكن قراءة هذا الرقم بطريقتين. اكتب الآلاف بدون فاصل والكسور العشرية بنقطة: 1250 أو 1250.5.',
    numberMin: (min) => `أدخل رقمًا يساوي ${exact(min)} أو أكثر.`,
    numberMax: (max) => `أدخل رقمًا يساوي ${exact(max)} أو أقل.`,
    numberStep: (step) => `أدخل رقمًا بخطوات مقدارها ${exact(step)}.`,
    rankingIncomplete: 'رتّب كل الإجابات.',
    dateInvalid: 'أدخل تاريخًا صالحًا.',
    dateMin: (min) => `أدخل تاريخًا في ${day(min)} أو بعده.`,
    dateMax: (max) => `أدخل تاريخًا في ${day(max)} أو قبله.`,
    scoreRange: (min, max) => `اختر درجة من ${number(min)} إلى ${number(max)}.`,
    likertRange: (points) => `اختر لكل عبارة قيمة من 1 إلى ${number(points)}.`,
    unknownOption: 'اختر إحدى الإجابات الخاصة بهذا السؤال.',
    duplicateOption: 'لقد اخترت الإجابة نفسها أكثر من مرة.',
    unknownStatement: 'هذه الإجابة تخص عبارة غير موجودة في هذا السؤال.',
    otherNotAllowed: "لا يمكنك تقديم إجابة خاصة بك ('أخرى') في هذا السؤال.",
    otherMissing: "اكتب ما تقصده في خانة 'أخرى'.",
    tooFewChoices: (min) => `اختر ${answers(min)} على الأقل.`,
    tooManyChoices: (max) => `اختر ${answers(max)} على الأكثر.`,
    tooLong: (max) => `يجب ألا تتجاوز إجابتك ${characters(max)}.`,
    unreadable: 'تعذّرت قراءة الإجابات. حدّث الصفحة وحاول مرة أخرى.',
    tooManyAnswers: 'عدد الإجابات أكبر من عدد الأسئلة في هذا الاستبيان.',
    unknownQuestion: 'هذه الإجابة تخص سؤالًا غير موجود في هذا الاستبيان.',
    duplicateAnswer: 'تمت الإجابة عن هذا السؤال أكثر من مرة.',
    invalidSeconds: 'الوقت المسجّل لهذا السؤال غير صالح.',
    required: 'هذا السؤال إلزامي.',
    incomplete: 'أجب عن جميع العبارات في هذا السؤال.',
    summary: (n) => `عدد الإجابات التي تحتاج إلى تصحيح: ${number(n)}. تحقّق من الأسئلة المميّزة.`,
  },
} satisfies RespondentWords;
