import type { AnswerValue } from '@loop/core';
import { CANCEL_REASONS } from '../invitations/invitationDelivery';
import { INVITATION_LINK_LABEL } from '../invitations/invitations';
import { DEMO_CONTACTS } from './demoContacts';
import { DAY_MS, type DemoResponse, pick, type Random, seconds, weighted, workingMoment } from './demoRandom';

/** The demo customer survey ('Klanttevredenheid Q3'): its generated respondents and invitations. */

const TIPS = [
  'Sneller reageren op e-mail',
  'Duidelijkere facturen',
  'Langere openingstijden in het weekend',
  'Een app om de bestelling te volgen',
  'De wachttijd aan de telefoon is te lang',
  'Vriendelijk personeel, ga zo door!',
  'Levering kwam een dag te laat',
  'Meer keuze in de webwinkel',
  'Betere uitleg bij de installatie',
  'Prijzen op de website klopten niet met de factuur',
  'Chat op de website zou handig zijn',
  'Alles prima geregeld',
  'Verpakking kan met minder plastic',
  'Retourneren was omslachtig',
  'Snelle en correcte service',
  'Graag een vaste contactpersoon',
] as const;

const CHANNEL_OTHER = ['Op een beurs', 'Via de nieuwsbrief van een partner', 'Langs de winkel gefietst'];

function customerAnswers(random: Random): Record<string, AnswerValue> {
  const nps = weighted(random, [
    [10, 16],
    [9, 22],
    [8, 20],
    [7, 14],
    [6, 9],
    [5, 7],
    [4, 5],
    [3, 3],
    [2, 2],
    [0, 2],
  ]);
  const answers: Record<string, AnswerValue> = {
    'kt-nps': { score: nps },
    'kt-cijfer': { score: Math.min(5, Math.max(1, Math.round(nps / 2 + (random() - 0.5) * 1.5))) },
  };
  if (random() < 0.9) {
    const channel = weighted(random, [
      ['kt-k1', 30],
      ['kt-k2', 20],
      ['kt-k3', 35],
      ['kt-k4', 10],
      ['other', 5],
    ]);
    answers['kt-kanaal'] =
      channel === 'other' ? { other: pick(random, CHANNEL_OTHER) } : { option_id: channel };
  }
  if (random() < 0.6) answers['kt-tip'] = { text: pick(random, TIPS) };
  return answers;
}

/** The most recent whole third quarter before `now`: 1 July to 30 September (Amsterdam). */
export function lastThirdQuarter(now: Date): { readonly start: Date; readonly end: Date } {
  const year = now.getUTCMonth() >= 9 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  // Midnight in Amsterdam is 22:00 UTC the day before in summer time.
  return { start: new Date(Date.UTC(year, 5, 30, 22)), end: new Date(Date.UTC(year, 8, 30, 22)) };
}

export function customerResponses(random: Random, quarter: { start: Date; end: Date }): DemoResponse[] {
  const days = Math.round((quarter.end.getTime() - quarter.start.getTime()) / DAY_MS);
  return Array.from({ length: 40 }, () => {
    const completedAt = workingMoment(random, quarter.end, 1 + Math.floor(random() * (days - 1)));
    const answers = customerAnswers(random);
    return {
      kind: 'public' as const,
      completedAt,
      startedAt: new Date(completedAt.getTime() - seconds(random, 40, 200) * 1000),
      answers,
      seconds: {
        'kt-nps': seconds(random, 4, 12),
        'kt-cijfer': seconds(random, 3, 9),
        ...(answers['kt-kanaal'] === undefined ? {} : { 'kt-kanaal': seconds(random, 5, 14) }),
        ...(answers['kt-tip'] === undefined ? {} : { 'kt-tip': seconds(random, 10, 45) }),
      },
    };
  });
}

/**
 * One demo contact's invitation (the contact by its index in DEMO_CONTACTS), with the index of its
 * personal-link response in the survey's responses (null: none).
 */
export interface DemoInvitation {
  readonly contact: number;
  readonly response: number | null;
  readonly plannedAt: Date;
  readonly sentAt: Date | null;
  readonly openedAt: Date | null;
  readonly completedAt: Date | null;
  readonly failedAt: Date | null;
  readonly failure: string | null;
  readonly cancelledAt: Date | null;
  readonly cancelReason: string | null;
  readonly remindersSent: number;
  readonly lastMailAt: Date | null;
}

/**
 * The customer survey went to 24 demo contacts as well, on the quarter's first morning: every
 * third public response becomes one of theirs (14 answered, so the results keep their answers and
 * the responses list names who answered), 2 opened their link without answering, 6 got a reminder
 * and never answered, 1 address was refused by the mail server, and 1 planned invitation was
 * cancelled when the survey closed. The survey is not anonymous.
 */
export function customerInvitations(
  answered: readonly DemoResponse[],
  quarter: { readonly start: Date; readonly end: Date },
): { responses: DemoResponse[]; invitations: DemoInvitation[] } {
  // 08:00 in Amsterdam on 1 July, before the first answer of the quarter.
  const sentAt = new Date(quarter.start.getTime() + 8 * 3_600_000);
  const invitees = DEMO_CONTACTS.map((_, index) => index)
    .filter((index) => index % 2 === 0)
    .slice(0, 24);
  const responses: DemoResponse[] = answered.map((response, index) =>
    index % 3 === 0 ? { ...response, kind: 'personal', label: INVITATION_LINK_LABEL } : response,
  );
  const linked = responses.flatMap((response, index) => (response.kind === 'personal' ? [index] : []));
  const base = { plannedAt: sentAt, failedAt: null, failure: null, cancelledAt: null, cancelReason: null };
  const invitations: DemoInvitation[] = linked.map((index, n) => {
    const response = responses[index] as DemoResponse;
    return {
      ...base,
      contact: invitees[n] as number,
      response: index,
      sentAt,
      openedAt: response.startedAt,
      completedAt: response.completedAt,
      remindersSent: 0,
      lastMailAt: sentAt,
    };
  });
  const pending = (): number => {
    responses.push({
      kind: 'personal',
      label: INVITATION_LINK_LABEL,
      completedAt: null,
      startedAt: null,
      answers: {},
      seconds: {},
    });
    return responses.length - 1;
  };
  const reminded = new Date(sentAt.getTime() + 7 * DAY_MS);
  for (let n = linked.length; n < invitees.length; n++) {
    const contact = invitees[n] as number;
    const rest = n - linked.length;
    if (rest < 8) {
      invitations.push({
        ...base,
        contact,
        response: pending(),
        sentAt,
        openedAt: rest < 2 ? new Date(sentAt.getTime() + (2 + rest) * DAY_MS) : null,
        completedAt: null,
        remindersSent: 1,
        lastMailAt: reminded,
      });
    } else if (rest === 8) {
      invitations.push({
        ...base,
        contact,
        response: pending(),
        sentAt: null,
        openedAt: null,
        completedAt: null,
        failedAt: new Date(sentAt.getTime() + 60_000),
        failure: 'Geweigerd door de mailserver: 550 5.1.1 Mailbox onbekend',
        remindersSent: 0,
        lastMailAt: sentAt,
      });
    } else {
      const plannedAt = new Date(quarter.end.getTime() + DAY_MS);
      invitations.push({
        ...base,
        contact,
        response: pending(),
        plannedAt,
        sentAt: null,
        openedAt: null,
        completedAt: null,
        cancelledAt: quarter.end,
        cancelReason: CANCEL_REASONS.surveyNotOpen,
        remindersSent: 0,
        lastMailAt: plannedAt,
      });
    }
  }
  return { responses, invitations };
}
