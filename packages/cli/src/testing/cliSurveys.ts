import type { Survey } from '@loop/core';
import { createSurvey } from '../../../server/src/testing/responseTesting';
import { storeResponse } from '../../../server/src/testing/resultsTesting';
import { sampleQuestions } from '../../../server/src/testing/surveyTesting';
import type { CliWorld } from './cliTesting';

/** A survey of the world's team (the sample questions), opened unless `open` is false. */
export function teamSurvey(world: CliWorld, title: string, open = true): Promise<Survey> {
  const org = {
    organization: world.team.organization,
    managerToken: world.team.owner.token,
    memberToken: world.team.member.token,
    headers: world.team.headers,
  };
  return createSurvey(world.ctx, org, { title, questions: sampleQuestions() }, { open });
}

/** Submitted responses with an NPS score and an open answer each. */
export async function answerSurvey(
  world: CliWorld,
  survey: Survey,
  answers: readonly string[],
): Promise<void> {
  for (const [index, text] of answers.entries()) {
    await storeResponse(world.ctx.db, survey, {
      submittedAt: new Date(Date.UTC(2026, 10, 20, 9, index)),
      answers: { 'q-nps': { score: index % 11 }, 'q-open': { text } },
    });
  }
}
