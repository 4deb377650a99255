import { joinNames, plansWithFeature } from '../../billing';
import type { Plan, RespondentLinkKind, ResponseListItem, ResponseProgress } from '../../contract';
import { formatCount } from '../../format';

/** How a response's progress reads in the list of respondents. */
export const RESPONSE_PROGRESS_LABELS: Readonly<Record<ResponseProgress, string>> = {
  pending: 'Nog niet geopend',
  in_progress: 'Bezig',
  completed: 'Ingestuurd',
};

export const RESPONSE_PROGRESSES: readonly ResponseProgress[] = ['completed', 'in_progress', 'pending'];

export const RESPONSE_KIND_LABELS: Readonly<Record<RespondentLinkKind, string>> = {
  public: 'Openbare link',
  personal: 'Persoonlijke link',
};

export const SURVEY_DATA_MESSAGES = {
  surveyDeleted: (title: string) => `De survey '${title}' is verwijderd.`,
  surveyDuplicated: 'De kopie is gemaakt. Je bewerkt nu de kopie.',
  responseErased: (item: Pick<ResponseListItem, 'ordinal'>) =>
    item.ordinal === null ? 'De niet ingestuurde reactie is gewist.' : `Reactie ${item.ordinal} is gewist.`,
  exported: (filename: string) => `De export ${filename} is gedownload.`,
  retentionSaved: 'De bewaartermijn is opgeslagen.',
  anonymitySaved: (anonymous: boolean) =>
    anonymous ? 'De survey is nu anoniem.' : 'De survey is niet meer anoniem.',
  anonymised: 'Deze reactie is geanonimiseerd na de bewaartermijn: open antwoorden zijn gewist.',
  notAnswered: 'Niet beantwoord',
  manageOnly: 'Exporteren en wissen van antwoorden kan alleen een eigenaar of beheerder.',
} as const;

/**
 * What the confirmation of deleting a survey says: how many responses go with it
 * ('Deze survey heeft 65 reacties. Verwijderen kan niet ongedaan worden gemaakt.').
 */
export function deleteSurveyText(responseCount: number): string {
  const has =
    responseCount === 0
      ? 'Deze survey heeft nog geen reacties.'
      : responseCount === 1
        ? 'Deze survey heeft 1 reactie.'
        : `Deze survey heeft ${formatCount(responseCount)} reacties.`;
  return `${has} Verwijderen kan niet ongedaan worden gemaakt.`;
}

/**
 * What names a response: its number in the survey once submitted ('Reactie 3', docs/decisions/results.md,
 * 'Reactie N'), its link's label and, for an invitation, the contact who answered.
 */
export type NamedResponse = Pick<ResponseListItem, 'ordinal' | 'label' | 'contact_name'>;

const whoAnswered = (item: NamedResponse): string | null =>
  item.contact_name?.trim() || item.label?.trim() || null;

/**
 * A response as one name: the invited contact's name when known (not on anonymous surveys), else
 * its link's label, with its number ('Jan de Vries (reactie 3)'); without either, 'Reactie 3'. One
 * not submitted has no number: the name alone, or 'Niet ingestuurd'.
 */
export const responseName = (item: NamedResponse): string => {
  const name = whoAnswered(item);
  if (item.ordinal === null) return name ?? 'Niet ingestuurd';
  return name ? `${name} (reactie ${item.ordinal})` : `Reactie ${item.ordinal}`;
};

/** The response inside a sentence: 'reactie 3', 'Jan de Vries (reactie 3)', 'deze niet ingestuurde reactie'. */
const responseInSentence = (item: NamedResponse): string => {
  const name = whoAnswered(item);
  if (item.ordinal === null) return name ?? 'deze niet ingestuurde reactie';
  return name ? `${name} (reactie ${item.ordinal})` : `reactie ${item.ordinal}`;
};

/** The title of the confirmation of erasing one response. */
export const eraseResponseTitle = (item: NamedResponse): string =>
  `Antwoorden van ${responseInSentence(item)} wissen?`;

/** What the confirmation of erasing one response says. */
export const eraseResponseText = (item: NamedResponse): string =>
  `De antwoorden van ${responseInSentence(item)} worden gewist, met de tijden per vraag. De resultaten ` +
  'tellen daarna zonder deze reactie. Wissen kan niet ongedaan worden gemaakt.';

/**
 * Why XLSX cannot be downloaded on this plan, naming the plans that include `export`, cheapest
 * first (CSV works on every plan).
 */
export function xlsxExportNote(plans: readonly Plan[]): string {
  const names = plansWithFeature(plans, 'export').map((plan) => plan.name);
  const which =
    names.length === 0
      ? 'een abonnement met de functie Exporteren'
      : `het abonnement ${joinNames(names, 'of')}`;
  return `CSV kan met elk abonnement. Exporteren naar XLSX kan met ${which}.`;
}
