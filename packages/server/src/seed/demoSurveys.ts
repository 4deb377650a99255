import type { SurveyInput } from '@loop/core';
import { answerToItems, validateAnswer, validateCompleteSurvey } from '@loop/core/surveys/model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import {
  type ResponseStatus,
  surveyAnswers,
  surveyInvitations,
  surveyResponses,
  surveys,
} from '../db/schema';
import { hashToken, newResponseToken } from '../responses/responseTokens';
import { rebuildSurveyCounts } from '../responses/surveyCounts';
import { resetResultRollups } from '../results/resultRollups';
import { FORMER_EMPLOYEE_INTRODUCTION } from '../surveys/builtInTemplates';
import { inputColumns } from '../surveys/surveys';
import { DEMO_CONTACTS } from './demoContacts';
import {
  customerInvitations,
  customerResponses,
  type DemoInvitation,
  lastThirdQuarter,
} from './demoCustomerSurvey';
import { employeeQuestions, employeeResponses } from './demoEmployeeSurvey';
import { DAY_MS, type DemoResponse, generator, template } from './demoRandom';

/**
 * Two demo surveys with answers for the demo organisation, so the results, the question pages, the
 * export and the analytics have something to show on a fresh start. The answers come from a seeded
 * generator (the same on every machine), spread over the weeks before the day of seeding.
 */

export const DEMO_SURVEY_TITLES = {
  employees: 'Medewerkerstevredenheid 2026',
  customers: 'Klanttevredenheid Q3',
} as const;

export interface DemoSurvey {
  readonly title: string;
  readonly input: SurveyInput;
  readonly status: 'open' | 'closed';
  readonly createdAt: Date;
  readonly publishedAt: Date;
  readonly closedAt: Date | null;
  readonly responses: readonly DemoResponse[];
  readonly invitations: readonly DemoInvitation[];
}

/** The demo surveys as of `now`: the same answers and moments for the same `now`. */
export function demoSurveys(now: Date): DemoSurvey[] {
  const employee = template('medewerkerstevredenheid');
  const questions = employeeQuestions();
  const customer = template('klanttevredenheid-nps');
  const quarter = lastThirdQuarter(now);
  const invited = customerInvitations(customerResponses(generator(3), quarter), quarter);
  return [
    {
      title: DEMO_SURVEY_TITLES.employees,
      input: { ...employee, title: DEMO_SURVEY_TITLES.employees, close_at: null, questions },
      status: 'open',
      createdAt: new Date(now.getTime() - 60 * DAY_MS),
      publishedAt: new Date(now.getTime() - 57 * DAY_MS),
      closedAt: null,
      responses: employeeResponses(generator(2026), questions, now),
      invitations: [],
    },
    {
      title: DEMO_SURVEY_TITLES.customers,
      input: { ...customer, title: DEMO_SURVEY_TITLES.customers, close_at: quarter.end.toISOString() },
      status: 'closed',
      createdAt: new Date(quarter.start.getTime() - 7 * DAY_MS),
      publishedAt: quarter.start,
      closedAt: quarter.end,
      responses: invited.responses,
      invitations: invited.invitations,
    },
  ];
}

const statusOf = (response: DemoResponse): ResponseStatus => {
  if (response.completedAt !== null) return 'completed';
  return response.startedAt === null ? 'pending' : 'in_progress';
};

/** Writes one demo survey with its responses, answers and times. */
async function writeDemoSurvey(
  tx: Transaction,
  demo: DemoSurvey,
  organizationId: number,
  createdBy: number,
  contactIds: ReadonlyMap<string, number>,
): Promise<void> {
  const checked = validateCompleteSurvey(demo.input);
  if (!checked.ok) throw new Error(`demo survey ${demo.title} is invalid: ${JSON.stringify(checked.fields)}`);
  const input = checked.value;
  const [survey] = await tx
    .insert(surveys)
    .values({
      organizationId,
      createdBy,
      ...inputColumns(input),
      status: demo.status,
      version: 1,
      createdAt: demo.createdAt,
      updatedAt: demo.publishedAt,
      publishedAt: demo.publishedAt,
      closedAt: demo.closedAt,
      publicToken: newResponseToken(),
    })
    .returning({ id: surveys.id });
  if (survey === undefined) throw new Error('INSERT … RETURNING gave no row');

  const byId = new Map(input.questions.map((question) => [question.id, question]));
  const tokens = demo.responses.map(() => hashToken(newResponseToken()));
  const stored = await tx
    .insert(surveyResponses)
    .values(
      demo.responses.map((response, index) => ({
        surveyId: survey.id,
        organizationId,
        tokenHash: tokens[index] as string,
        kind: response.kind,
        label: response.label ?? null,
        status: statusOf(response),
        createdAt: response.startedAt ?? demo.publishedAt,
        startedAt: response.startedAt,
        savedAt: response.completedAt ?? response.startedAt,
        completedAt: response.completedAt,
        questionSeconds: response.seconds,
      })),
    )
    .returning({ id: surveyResponses.id, tokenHash: surveyResponses.tokenHash });
  const idOf = new Map(stored.map((row) => [row.tokenHash, row.id]));

  const answers = demo.responses.flatMap((response, index) => {
    const responseId = idOf.get(tokens[index] as string) as number;
    return Object.entries(response.answers).flatMap(([questionId, value]) => {
      const question = byId.get(questionId);
      if (question === undefined || !validateAnswer(question, value).ok)
        throw new Error(`demo answer to ${questionId} is invalid: ${JSON.stringify(value)}`);
      return answerToItems(question, value).map((item) => ({
        response_id: responseId,
        question_id: questionId,
        item_id: item.item_id,
        num_value: item.num_value,
        text_value: item.text_value,
        submitted_at: response.completedAt?.toISOString() ?? null,
      }));
    });
  });
  // One JSON parameter instead of seven per row: a thousand rows bind and parse several times faster.
  await tx.execute(sql`
    insert into ${surveyAnswers} (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
    select response_id, ${survey.id}, question_id, item_id, num_value, text_value, submitted_at
    from json_to_recordset(${JSON.stringify(answers)}::json) as r(response_id bigint, question_id text,
      item_id text, num_value smallint, text_value text, submitted_at timestamptz)`);
  const invitations = demo.invitations.flatMap((invitation) => {
    const contactId = contactIds.get((DEMO_CONTACTS[invitation.contact]?.values.email ?? '').toLowerCase());
    if (contactId === undefined) return [];
    const { contact: _, response, ...times } = invitation;
    return [
      {
        ...times,
        organizationId,
        surveyId: survey.id,
        contactId,
        responseId: response === null ? null : (idOf.get(tokens[response] as string) ?? null),
        createdAt: invitation.plannedAt,
      },
    ];
  });
  if (invitations.length > 0) await tx.insert(surveyInvitations).values(invitations);
  // Written outside the answering routes: the counts KPIs read are made from what was written.
  await rebuildSurveyCounts(tx, [survey.id]);
  // Submission times in the past: counted live until the rollup job's next pass (R-RES-11).
  await resetResultRollups(tx, [survey.id]);
}

/**
 * The demo surveys the organisation does not have yet, with their answers; idempotent by title
 * (a demo survey deleted on the screens comes back at the next start, as demo data). Runs inside
 * the demo seed's transaction and lock, so two instances starting at once write them once.
 */
export async function seedDemoSurveys(
  tx: Transaction,
  values: {
    readonly organizationId: number;
    readonly createdBy: number;
    readonly now: Date;
    /** The demo contacts' ids by e-mail address (lower case), for the invitations. */
    readonly contactIds: ReadonlyMap<string, number>;
  },
): Promise<string[]> {
  const titles = Object.values(DEMO_SURVEY_TITLES);
  const existing = await tx
    .select({ title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.organizationId, values.organizationId), inArray(surveys.title, titles)));
  const have = new Set(existing.map((row) => row.title));
  const created: string[] = [];
  for (const demo of demoSurveys(values.now)) {
    if (have.has(demo.title)) continue;
    await writeDemoSurvey(tx, demo, values.organizationId, values.createdBy, values.contactIds);
    created.push(demo.title);
  }
  await withdrawAnonymityPromise(tx, values.organizationId, values.now);
  return created;
}

/**
 * The employee survey goes out through personal links labelled with names and is not anonymous, but
 * demo databases seeded before issue 24 have the template's old introduction, which told respondents
 * their answers were anonymous. Its current one replaces it there, as a new version (an editor open
 * on the old one then reloads); an introduction changed on the screens is left alone.
 */
async function withdrawAnonymityPromise(tx: Transaction, organizationId: number, now: Date): Promise<void> {
  await tx
    .update(surveys)
    .set({
      introductionHtml: template('medewerkerstevredenheid').introduction_html,
      version: sql`${surveys.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(surveys.organizationId, organizationId),
        eq(surveys.title, DEMO_SURVEY_TITLES.employees),
        eq(surveys.introductionHtml, FORMER_EMPLOYEE_INTRODUCTION),
      ),
    );
}
