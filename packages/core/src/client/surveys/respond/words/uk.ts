import { estimateUk } from '../../../../domain/surveys/model';
import { pluralOf, type RespondentWords } from './respondentWords';

const number = new Intl.NumberFormat('uk-UA').format;
/** A day's key (20260315) in full, as this language writes it. */
const day = (key: number) =>
  new Intl.DateTimeFormat('uk-UA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100)));
const exact = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 6 }).format;
const plural = pluralOf('uk');
/** 1 (21, 31, …) хвилина, 2–4 (22–24, …) хвилини, 5–20 (11–14, 25–30, …) хвилин. */
const count = (n: number, one: string, few: string, many: string) =>
  `${number(n)} ${plural(n, { one, few, many, other: few })}`;

/** The answering page in Ukrainian (the formal 'Ви'). */
export const WORDS = {
  language: 'uk',
  dir: 'ltr',
  numberLocale: 'uk-UA',
  loading: 'Завантаження опитування…',
  notLoaded: 'Опитування не завантажено',
  unavailable: 'Опитування недоступне',
  retry: 'Спробувати ще раз',
  estimateLabel: 'Орієнтовний час: ',
  minutes: estimateUk,
  questions: (n) => count(n, 'питання', 'питання', 'питань'),
  anonymous:
    'Це опитування анонімне: ваші відповіді не повʼязуються з вашим імʼям чи адресою електронної пошти.',
  start: 'Почати',
  resume: 'Продовжити',
  progress: (current, total) => `Питання ${current} з ${total}`,
  welcomeBack: 'З поверненням! Ваші відповіді збережено; ви продовжите з того місця, де зупинилися.',
  previous: 'Назад',
  next: 'Далі',
  send: 'Надіслати',
  sending: 'Надсилання…',
  keysToNext: (key) => `${key}: перейти до наступного питання.`,
  keysToSend: (key) => `${key}: надіслати відповіді.`,
  thanks: 'Дякуємо!',
  alreadyDone: 'Уже заповнено',
  fullTitle: 'Це опитування вже заповнене',
  fullText: 'Ми вже отримали достатньо відповідей. Дякуємо за ваш інтерес!',
  quotaFullTitle: 'Дякуємо за ваш інтерес',
  quotaFullText: 'Дякуємо за ваш інтерес. Від вашої групи вже надійшло достатньо відповідей.',
  sent: 'Ваші відповіді надіслано.',
  sentClose: 'Ваші відповіді надіслано. Тепер цю сторінку можна закрити.',
  redirectSoon: (seconds) =>
    `Через ${count(seconds, 'секунду', 'секунди', 'секунд')} вас буде автоматично перенаправлено.`,
  proceed: 'Продовжити',
  required: 'обовʼязково',
  counterOf: (limit) => ` з ${limit} символів`,
  other: 'Інше (уточніть)',
  otherInput: 'Інше: введіть свою відповідь',
  stars: (n) => count(n, 'зірка', 'зірки', 'зірок'),
  npsLow: 'Зовсім малоймовірно',
  npsHigh: 'Дуже ймовірно',
  chooseExactly: (n) => `Виберіть рівно ${n}.`,
  chooseBetween: (min, max) => `Виберіть від ${min} до ${max}.`,
  numberBetween: (min, max) => `Число від ${exact(min)} до ${exact(max)}.`,
  dropdownHint: 'Почніть вводити, щоб знайти, і виберіть відповідь зі списку.',
  dateBetween: (min, max) => `Дата від ${day(min)} до ${day(max)}.`,
  moveUp: 'Вгору',
  moveDown: 'Вниз',
  rankPosition: (position, total) => `Місце ${position} з ${total}`,
  keepOrder: 'Залишити цей порядок',
  chooseAtLeast: (min) => `Виберіть щонайменше ${min}.`,
  chooseAtMost: (max) => (max === 1 ? 'Виберіть не більше однієї.' : `Виберіть не більше ${max}.`),
  chooseAny: 'Можна вибрати кілька відповідей.',
  languageLabel: 'Мова',
  access: {
    unknownToken: 'Це посилання недійсне. Перевірте, чи ви використали повне посилання із запрошення.',
    notOpen: 'Це опитування ще не відкрите.',
    closed: 'Це опитування закрите. Надсилати відповіді більше не можна.',
    alreadySubmitted: 'Ви вже заповнили це опитування. Дякуємо за ваші відповіді!',
  },
  session: {
    saveFailed:
      'Ваші відповіді ще не збережено: немає підключення до сервера. Їх не буде втрачено, і незабаром ми спробуємо ще раз.',
    submitFailed:
      'Не вдалося надіслати ваші відповіді: немає підключення до сервера. Їх не буде втрачено; спробуйте ще раз.',
    loadFailed: 'Не вдалося завантажити опитування. Перевірте підключення до інтернету та спробуйте ще раз.',
  },
  answer: {
    wrongType: 'Ця відповідь не підходить до цього питання.',
    noAnswer: 'Текстовий блок не має відповіді.',
    numberInvalid: 'Введіть число.',
    numberAmbiguous:
      'Це число можна прочитати двома способами. Пишіть тисячі без роздільника, а десяткові — через кому: 1250 або 1250,5.',
    numberMin: (min) => `Введіть число ${exact(min)} або більше.`,
    numberMax: (max) => `Введіть число ${exact(max)} або менше.`,
    numberStep: (step) => `Введіть число з кроком ${exact(step)}.`,
    rankingIncomplete: 'Розташуйте всі відповіді в порядку.',
    dateInvalid: 'Введіть дійсну дату.',
    dateMin: (min) => `Введіть дату не раніше ${day(min)}.`,
    dateMax: (max) => `Введіть дату не пізніше ${day(max)}.`,
    scoreRange: (min, max) => `Виберіть оцінку від ${min} до ${max}.`,
    likertRange: (points) => `Для кожного твердження виберіть значення від 1 до ${points}.`,
    unknownOption: 'Виберіть одну з відповідей до цього питання.',
    duplicateOption: 'Ви вибрали ту саму відповідь більше одного разу.',
    unknownStatement: 'Ця відповідь стосується твердження, якого немає в цьому питанні.',
    otherNotAllowed: "У цьому питанні не можна дати власну відповідь ('Інше').",
    otherMissing: "Укажіть у полі 'Інше', що ви маєте на увазі.",
    tooFewChoices: (min) => `Виберіть щонайменше ${count(min, 'відповідь', 'відповіді', 'відповідей')}.`,
    tooManyChoices: (max) =>
      `Можна вибрати щонайбільше ${count(max, 'відповідь', 'відповіді', 'відповідей')}.`,
    tooLong: (max) => `Відповідь може містити щонайбільше ${count(max, 'символ', 'символи', 'символів')}.`,
    unreadable: 'Не вдалося прочитати відповіді. Оновіть сторінку та спробуйте ще раз.',
    tooManyAnswers: 'Відповідей більше, ніж питань у цьому опитуванні.',
    unknownQuestion: 'Ця відповідь стосується питання, якого немає в цьому опитуванні.',
    duplicateAnswer: 'На це питання відповіли більше одного разу.',
    invalidSeconds: 'Час, виміряний для цього питання, недійсний.',
    required: 'На це питання потрібно відповісти.',
    incomplete: 'Дайте відповідь на всі твердження цього питання.',
    summary: (n) =>
      `${number(n)} ${plural(n, { one: 'відповідь потребує', few: 'відповіді потребують', many: 'відповідей потребують', other: 'відповіді потребують' })} виправлення. Перевірте позначені питання.`,
  },
} satisfies RespondentWords;
