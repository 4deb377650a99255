import type { RespondentWords } from './respondentWords';

const number = new Intl.NumberFormat('fr-FR').format;
/** A day's key (20260315) in full, as this language writes it. */
const day = (key: number) =>
  new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100)));
const exact = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 }).format;
/** French takes the singular for 0 and 1. */
const many = (count: number, one: string, other: string) => `${number(count)} ${count <= 1 ? one : other}`;
/** The no-break space French puts before : ; ! and ?. */
const S = '\u00a0';

/** The answering page in French (the formal 'vous'). */
export const WORDS = {
  language: 'fr',
  dir: 'ltr',
  numberLocale: 'fr-FR',
  loading: 'Chargement du questionnaire…',
  notLoaded: 'Questionnaire non chargé',
  unavailable: 'Questionnaire indisponible',
  retry: 'Réessayer',
  estimateLabel: `Durée estimée${S}: `,
  minutes: (minutes) => `± ${many(minutes, 'minute', 'minutes')}`,
  questions: (count) => many(count, 'question', 'questions'),
  anonymous: `Ce questionnaire est anonyme${S}: vos réponses ne sont liées ni à votre nom ni à votre adresse e-mail.`,
  start: 'Commencer',
  resume: 'Reprendre',
  progress: (current, total) => `Question ${current} sur ${total}`,
  welcomeBack: `Bon retour${S}! Vos réponses ont été conservées${S}; vous reprenez là où vous vous étiez arrêté.`,
  previous: 'Précédent',
  next: 'Suivant',
  send: 'Envoyer',
  sending: 'Envoi en cours…',
  keysToNext: (key) => `${key} passe à la question suivante.`,
  keysToSend: (key) => `${key} envoie vos réponses.`,
  thanks: `Merci${S}!`,
  alreadyDone: 'Déjà rempli',
  sent: 'Vos réponses ont été envoyées.',
  sentClose: 'Vos réponses ont été envoyées. Vous pouvez maintenant fermer cette page.',
  redirectSoon: (seconds) =>
    `Vous serez redirigé automatiquement dans ${many(seconds, 'seconde', 'secondes')}.`,
  proceed: 'Continuer',
  required: 'obligatoire',
  counterOf: (limit) => ` sur ${limit} caractères`,
  other: 'Autre (précisez)',
  otherInput: `Autre${S}: saisissez votre réponse`,
  stars: (count) => many(count, 'étoile', 'étoiles'),
  npsLow: 'Très improbable',
  npsHigh: 'Très probable',
  chooseExactly: (count) => `Choisissez-en ${count}.`,
  chooseBetween: (min, max) => `Choisissez-en de ${min} à ${max}.`,
  numberBetween: (min, max) => `Un nombre de ${exact(min)} à ${exact(max)}.`,
  dropdownHint: 'Tapez pour rechercher et choisissez une réponse dans la liste.',
  dateBetween: (min, max) => `Une date du ${day(min)} au ${day(max)}.`,
  chooseAtLeast: (min) => `Choisissez-en au moins ${min}.`,
  chooseAtMost: (max) => (max === 1 ? 'Choisissez-en une au maximum.' : `Choisissez-en ${max} au maximum.`),
  chooseAny: 'Vous pouvez choisir plusieurs réponses.',
  languageLabel: 'Langue',
  access: {
    unknownToken: "Ce lien n'est pas valide. Vérifiez que vous avez utilisé le lien complet de l'invitation.",
    notOpen: "Ce questionnaire n'est pas encore ouvert.",
    closed: 'Ce questionnaire est clôturé. Vous ne pouvez plus envoyer de réponses.',
    alreadySubmitted: `Vous avez déjà rempli ce questionnaire. Merci pour vos réponses${S}!`,
  },
  session: {
    saveFailed: `Vos réponses ne sont pas encore enregistrées${S}: il n'y a pas de connexion avec le serveur. Elles sont conservées et nous réessaierons dans un instant.`,
    submitFailed: `Vos réponses n'ont pas pu être envoyées${S}: il n'y a pas de connexion avec le serveur. Elles sont conservées${S}; veuillez réessayer.`,
    loadFailed: "Le questionnaire n'a pas pu être chargé. Vérifiez votre connexion Internet et réessayez.",
  },
  answer: {
    wrongType: 'Cette réponse ne correspond pas à cette question.',
    noAnswer: "Un bloc de texte n'attend pas de réponse.",
    numberInvalid: 'Saisissez un nombre.',
    numberMin: (min) => `Saisissez un nombre supérieur ou égal à ${exact(min)}.`,
    numberMax: (max) => `Saisissez un nombre inférieur ou égal à ${exact(max)}.`,
    numberStep: (step) => `Saisissez un nombre par pas de ${exact(step)}.`,
    dateInvalid: 'Saisissez une date valide.',
    dateMin: (min) => `Saisissez une date à partir du ${day(min)}.`,
    dateMax: (max) => `Saisissez une date jusqu'au ${day(max)}.`,
    scoreRange: (min, max) => `Choisissez une note de ${min} à ${max}.`,
    likertRange: (points) => `Pour chaque affirmation, choisissez une valeur de 1 à ${points}.`,
    unknownOption: 'Choisissez une des réponses proposées pour cette question.',
    duplicateOption: 'Vous avez choisi la même réponse plusieurs fois.',
    unknownStatement: 'Cette réponse concerne une affirmation qui ne fait pas partie de cette question.',
    otherNotAllowed: "Cette question n'accepte pas de réponse libre ('Autre').",
    otherMissing: "Précisez votre réponse dans le champ 'Autre'.",
    tooFewChoices: (min) => `Choisissez au moins ${many(min, 'réponse', 'réponses')}.`,
    tooManyChoices: (max) => `Choisissez au maximum ${many(max, 'réponse', 'réponses')}.`,
    tooLong: (max) => `Votre réponse ne peut pas dépasser ${many(max, 'caractère', 'caractères')}.`,
    unreadable: "Les réponses n'ont pas pu être lues. Actualisez la page et réessayez.",
    tooManyAnswers: 'Il y a plus de réponses que de questions dans ce questionnaire.',
    unknownQuestion: 'Cette réponse concerne une question qui ne fait pas partie de ce questionnaire.',
    duplicateAnswer: "Cette question a reçu plus d'une réponse.",
    invalidSeconds: 'Le temps mesuré pour cette question est invalide.',
    required: 'Cette question est obligatoire.',
    incomplete: 'Répondez à toutes les affirmations de cette question.',
    summary: (count) => `${count} réponses ne sont pas correctes. Vérifiez les questions signalées.`,
  },
} satisfies RespondentWords;
