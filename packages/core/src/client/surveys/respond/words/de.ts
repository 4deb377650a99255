import { estimateDe } from '../../../../domain/surveys/model';
import type { RespondentWords } from './respondentWords';

const number = new Intl.NumberFormat('de-DE').format;
/** A day's key (20260315) in full, as this language writes it. */
const day = (key: number) =>
  new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100)));
const exact = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 6 }).format;
const many = (count: number, one: string, other: string) => `${number(count)} ${count === 1 ? one : other}`;

/** The answering page in German (the formal 'Sie'). */
export const WORDS = {
  language: 'de',
  dir: 'ltr',
  numberLocale: 'de-DE',
  loading: 'Umfrage wird geladen…',
  notLoaded: 'Umfrage nicht geladen',
  unavailable: 'Umfrage nicht verfügbar',
  retry: 'Erneut versuchen',
  estimateLabel: 'Geschätzte Dauer: ',
  minutes: estimateDe,
  questions: (count) => many(count, 'Frage', 'Fragen'),
  anonymous:
    'Diese Umfrage ist anonym: Ihre Antworten werden nicht mit Ihrem Namen oder Ihrer E-Mail-Adresse verknüpft.',
  start: 'Starten',
  resume: 'Fortsetzen',
  progress: (current, total) => `Frage ${current} von ${total}`,
  welcomeBack:
    'Willkommen zurück! Ihre Antworten wurden gespeichert; Sie machen dort weiter, wo Sie aufgehört haben.',
  previous: 'Zurück',
  next: 'Weiter',
  send: 'Absenden',
  sending: 'Wird gesendet…',
  keysToNext: (key) => `${key} führt zur nächsten Frage.`,
  keysToSend: (key) => `${key} sendet Ihre Antworten ab.`,
  thanks: 'Vielen Dank!',
  alreadyDone: 'Bereits ausgefüllt',
  fullTitle: 'Diese Umfrage ist voll',
  fullText: 'Es sind genügend Antworten eingegangen. Vielen Dank für Ihr Interesse!',
  quotaFullTitle: 'Vielen Dank für Ihr Interesse',
  quotaFullText: 'Vielen Dank für Ihr Interesse. Für Ihre Gruppe sind bereits genug Antworten eingegangen.',
  sent: 'Ihre Antworten wurden gesendet.',
  sentClose: 'Ihre Antworten wurden gesendet. Sie können diese Seite jetzt schließen.',
  redirectSoon: (seconds) =>
    `Sie werden in ${many(seconds, 'Sekunde', 'Sekunden')} automatisch weitergeleitet.`,
  proceed: 'Weiter',
  required: 'Pflichtfrage',
  counterOf: (limit) => ` von ${limit} Zeichen`,
  other: 'Sonstiges, und zwar',
  otherInput: 'Sonstiges: Geben Sie Ihre Antwort ein',
  stars: (count) => many(count, 'Stern', 'Sterne'),
  npsLow: 'Sehr unwahrscheinlich',
  npsHigh: 'Sehr wahrscheinlich',
  chooseExactly: (count) => `Wählen Sie ${count} aus.`,
  chooseBetween: (min, max) => `Wählen Sie ${min} bis ${max} aus.`,
  numberBetween: (min, max) => `Eine Zahl von ${exact(min)} bis ${exact(max)}.`,
  dropdownHint: 'Tippen Sie, um zu suchen, und wählen Sie eine Antwort aus der Liste.',
  dateBetween: (min, max) => `Ein Datum vom ${day(min)} bis zum ${day(max)}.`,
  moveUp: 'Nach oben',
  moveDown: 'Nach unten',
  rankPosition: (position, total) => `Platz ${position} von ${total}`,
  keepOrder: 'Diese Reihenfolge übernehmen',
  chooseAtLeast: (min) => `Wählen Sie mindestens ${min} aus.`,
  chooseAtMost: (max) => (max === 1 ? 'Wählen Sie höchstens eine aus.' : `Wählen Sie höchstens ${max} aus.`),
  chooseAny: 'Sie können mehr als eine Antwort auswählen.',
  languageLabel: 'Sprache',
  access: {
    unknownToken:
      'Dieser Link ist ungültig. Bitte prüfen Sie, ob Sie den vollständigen Link aus der Einladung verwendet haben.',
    notOpen: 'Diese Umfrage ist noch nicht geöffnet.',
    closed: 'Diese Umfrage ist geschlossen. Sie können keine Antworten mehr senden.',
    alreadySubmitted: 'Sie haben diese Umfrage bereits ausgefüllt. Vielen Dank für Ihre Antworten!',
  },
  session: {
    saveFailed:
      'Ihre Antworten sind noch nicht gespeichert: Es besteht keine Verbindung zum Server. Sie bleiben erhalten, und wir versuchen es gleich erneut.',
    submitFailed:
      'Ihre Antworten konnten nicht gesendet werden: Es besteht keine Verbindung zum Server. Sie bleiben erhalten; bitte versuchen Sie es erneut.',
    loadFailed:
      'Die Umfrage konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  },
  answer: {
    wrongType: 'Diese Antwort passt nicht zu dieser Frage.',
    noAnswer: 'Ein Textblock hat keine Antwort.',
    numberInvalid: 'Geben Sie eine Zahl ein.',
    numberAmbiguous:
      'Diese Zahl lässt sich auf zwei Arten lesen. Schreiben Sie Tausender ohne Trennzeichen und Dezimalstellen mit einem Komma: 1250 oder 1250,5.',
    numberMin: (min) => `Geben Sie eine Zahl von ${exact(min)} oder mehr ein.`,
    numberMax: (max) => `Geben Sie eine Zahl von ${exact(max)} oder weniger ein.`,
    numberStep: (step) => `Geben Sie eine Zahl in Schritten von ${exact(step)} ein.`,
    rankingIncomplete: 'Bringen Sie alle Antworten in eine Reihenfolge.',
    dateInvalid: 'Geben Sie ein gültiges Datum ein.',
    dateMin: (min) => `Geben Sie ein Datum am oder nach dem ${day(min)} ein.`,
    dateMax: (max) => `Geben Sie ein Datum am oder vor dem ${day(max)} ein.`,
    scoreRange: (min, max) => `Wählen Sie einen Wert von ${min} bis ${max}.`,
    likertRange: (points) => `Wählen Sie bei jeder Aussage einen Wert von 1 bis ${points}.`,
    unknownOption: 'Wählen Sie eine der Antworten, die zu dieser Frage gehören.',
    duplicateOption: 'Sie haben dieselbe Antwort mehr als einmal gewählt.',
    unknownStatement: 'Diese Antwort gehört zu einer Aussage, die nicht in dieser Frage steht.',
    otherNotAllowed: "Bei dieser Frage können Sie keine eigene Antwort ('Sonstiges') geben.",
    otherMissing: "Geben Sie bei 'Sonstiges' an, was Sie meinen.",
    tooFewChoices: (min) => `Wählen Sie mindestens ${many(min, 'Antwort', 'Antworten')}.`,
    tooManyChoices: (max) => `Wählen Sie höchstens ${many(max, 'Antwort', 'Antworten')}.`,
    tooLong: (max) => `Ihre Antwort darf höchstens ${number(max)} Zeichen lang sein.`,
    unreadable:
      'Die Antworten konnten nicht gelesen werden. Laden Sie die Seite neu und versuchen Sie es erneut.',
    tooManyAnswers: 'Es gibt mehr Antworten als Fragen in dieser Umfrage.',
    unknownQuestion: 'Diese Antwort gehört zu einer Frage, die nicht in dieser Umfrage steht.',
    duplicateAnswer: 'Diese Frage wurde mehr als einmal beantwortet.',
    invalidSeconds: 'Die gemessene Zeit bei dieser Frage ist ungültig.',
    required: 'Diese Frage ist eine Pflichtfrage.',
    incomplete: 'Bitte beantworten Sie alle Aussagen dieser Frage.',
    summary: (count) => `${count} Antworten sind nicht in Ordnung. Bitte prüfen Sie die markierten Fragen.`,
  },
} satisfies RespondentWords;
