import { estimatePl } from '../../../../domain/surveys/model';
import { pluralOf, type RespondentWords } from './respondentWords';

const number = new Intl.NumberFormat('pl-PL').format;
/** A day's key (20260315) in full, as this language writes it. */
const day = (key: number) =>
  new Intl.DateTimeFormat('pl-PL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100)));
const exact = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 6 }).format;
const plural = pluralOf('pl');
/** 1 pytanie, 2–4 pytania (22–24, …), 5–21 pytań (25–31, …). */
const count = (n: number, one: string, few: string, many: string) =>
  `${number(n)} ${plural(n, { one, few, many, other: few })}`;

/** The answering page in Polish. */
export const WORDS = {
  language: 'pl',
  dir: 'ltr',
  numberLocale: 'pl-PL',
  loading: 'Wczytywanie ankiety…',
  notLoaded: 'Nie udało się wczytać ankiety',
  unavailable: 'Ankieta jest niedostępna',
  retry: 'Spróbuj ponownie',
  estimateLabel: 'Szacowany czas: ',
  minutes: estimatePl,
  questions: (n) => count(n, 'pytanie', 'pytania', 'pytań'),
  anonymous:
    'Ta ankieta jest anonimowa: Twoje odpowiedzi nie są powiązane z Twoim imieniem i nazwiskiem ani adresem e-mail.',
  start: 'Rozpocznij',
  resume: 'Kontynuuj',
  progress: (current, total) => `Pytanie ${current} z ${total}`,
  welcomeBack:
    'Witaj ponownie! Twoje odpowiedzi zostały zachowane. Możesz kontynuować od miejsca, w którym przerwano.',
  previous: 'Wstecz',
  next: 'Dalej',
  send: 'Wyślij',
  sending: 'Wysyłanie…',
  keysToNext: (key) => `${key} przechodzi do następnego pytania.`,
  keysToSend: (key) => `${key} wysyła odpowiedzi.`,
  thanks: 'Dziękujemy!',
  alreadyDone: 'Ankieta już wypełniona',
  fullTitle: 'Ta ankieta jest już pełna',
  fullText: 'Otrzymaliśmy wystarczająco dużo odpowiedzi. Dziękujemy za zainteresowanie!',
  quotaFullTitle: 'Dziękujemy za zainteresowanie',
  quotaFullText: 'Dziękujemy za zainteresowanie. Z Twojej grupy mamy już wystarczająco dużo odpowiedzi.',
  sent: 'Twoje odpowiedzi zostały wysłane.',
  sentClose: 'Twoje odpowiedzi zostały wysłane. Możesz teraz zamknąć tę stronę.',
  redirectSoon: (seconds) =>
    `Za ${count(seconds, 'sekundę', 'sekundy', 'sekund')} nastąpi automatyczne przekierowanie.`,
  proceed: 'Przejdź dalej',
  required: 'wymagane',
  counterOf: (limit) => ` z ${limit} znaków`,
  other: 'Inne (jakie?)',
  otherInput: 'Inne: wpisz swoją odpowiedź',
  stars: (n) => count(n, 'gwiazdka', 'gwiazdki', 'gwiazdek'),
  npsLow: 'Bardzo mało prawdopodobne',
  npsHigh: 'Bardzo prawdopodobne',
  chooseExactly: (n) => `Wybierz dokładnie ${n}.`,
  chooseBetween: (min, max) => `Wybierz od ${min} do ${max}.`,
  numberBetween: (min, max) => `Liczba od ${exact(min)} do ${exact(max)}.`,
  dropdownHint: 'Zacznij pisać, aby wyszukać, i wybierz odpowiedź z listy.',
  dateBetween: (min, max) => `Data od ${day(min)} do ${day(max)}.`,
  moveUp: 'W górę',
  moveDown: 'W dół',
  rankPosition: (position, total) => `Miejsce ${position} z ${total}`,
  keepOrder: 'Zachowaj tę kolejność',
  chooseAtLeast: (min) => `Wybierz co najmniej ${min}.`,
  chooseAtMost: (max) => (max === 1 ? 'Wybierz najwyżej jedną.' : `Wybierz najwyżej ${max}.`),
  chooseAny: 'Możesz wybrać więcej niż jedną odpowiedź.',
  languageLabel: 'Język',
  access: {
    unknownToken: 'Ten link jest nieprawidłowy. Sprawdź, czy został użyty pełny link z zaproszenia.',
    notOpen: 'Ta ankieta nie została jeszcze otwarta.',
    closed: 'Ta ankieta jest zamknięta. Nie można już wysyłać odpowiedzi.',
    alreadySubmitted: 'Ta ankieta została już przez Ciebie wypełniona. Dziękujemy za odpowiedzi!',
  },
  session: {
    saveFailed:
      'Twoje odpowiedzi nie zostały jeszcze zapisane: brak połączenia z serwerem. Pozostają zachowane, a za chwilę spróbujemy ponownie.',
    submitFailed:
      'Nie udało się wysłać odpowiedzi: brak połączenia z serwerem. Pozostają zachowane; spróbuj ponownie.',
    loadFailed: 'Nie udało się wczytać ankiety. Sprawdź połączenie z internetem i spróbuj ponownie.',
  },
  answer: {
    wrongType: 'Ta odpowiedź nie pasuje do tego pytania.',
    noAnswer: 'Blok tekstu nie wymaga odpowiedzi.',
    numberInvalid: 'Wpisz liczbę.',
    numberAmbiguous:
      'Tę liczbę można odczytać na dwa sposoby. Pisz tysiące bez separatora, a część dziesiętną po przecinku: 1250 lub 1250,5.',
    numberMin: (min) => `Wpisz liczbę równą ${exact(min)} lub większą.`,
    numberMax: (max) => `Wpisz liczbę równą ${exact(max)} lub mniejszą.`,
    numberStep: (step) => `Wpisz liczbę w krokach co ${exact(step)}.`,
    rankingIncomplete: 'Ułóż wszystkie odpowiedzi w kolejności.',
    dateInvalid: 'Wpisz prawidłową datę.',
    dateMin: (min) => `Wpisz datę nie wcześniejszą niż ${day(min)}.`,
    dateMax: (max) => `Wpisz datę nie późniejszą niż ${day(max)}.`,
    scoreRange: (min, max) => `Wybierz ocenę od ${min} do ${max}.`,
    likertRange: (points) => `Przy każdym stwierdzeniu wybierz wartość od 1 do ${points}.`,
    unknownOption: 'Wybierz jedną z odpowiedzi należących do tego pytania.',
    duplicateOption: 'Ta sama odpowiedź została wybrana więcej niż raz.',
    unknownStatement: 'Ta odpowiedź dotyczy stwierdzenia, którego nie ma w tym pytaniu.',
    otherNotAllowed: "W tym pytaniu nie można podać własnej odpowiedzi ('Inne').",
    otherMissing: "Wpisz w polu 'Inne', co masz na myśli.",
    tooFewChoices: (min) => `Wybierz co najmniej ${count(min, 'odpowiedź', 'odpowiedzi', 'odpowiedzi')}.`,
    tooManyChoices: (max) => `Wybierz najwyżej ${count(max, 'odpowiedź', 'odpowiedzi', 'odpowiedzi')}.`,
    tooLong: (max) => `Odpowiedź może mieć najwyżej ${count(max, 'znak', 'znaki', 'znaków')}.`,
    unreadable: 'Nie udało się odczytać odpowiedzi. Odśwież stronę i spróbuj ponownie.',
    tooManyAnswers: 'W tej ankiecie jest więcej odpowiedzi niż pytań.',
    unknownQuestion: 'Ta odpowiedź dotyczy pytania, którego nie ma w tej ankiecie.',
    duplicateAnswer: 'Na to pytanie udzielono odpowiedzi więcej niż raz.',
    invalidSeconds: 'Zmierzony czas przy tym pytaniu jest nieprawidłowy.',
    required: 'To pytanie jest obowiązkowe.',
    incomplete: 'Odpowiedz na wszystkie stwierdzenia w tym pytaniu.',
    summary: (n) =>
      `${number(n)} ${plural(n, { one: 'odpowiedź wymaga', few: 'odpowiedzi wymagają', many: 'odpowiedzi wymaga', other: 'odpowiedzi wymaga' })} poprawienia. Sprawdź zaznaczone pytania.`,
  },
} satisfies RespondentWords;
