import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Survey } from '@loop/core';
import { API_KEY_MESSAGES } from '@loop/core/apiKeys';
import { WEBHOOK_VERIFY_MESSAGES } from '@loop/core/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../../server/src/outbox/outbox';
import { makeApiKey } from '../../server/src/testing/apiKeyTesting';
import { call, publicToken, respond } from '../../server/src/testing/responseTesting';
import { TEST_WEBHOOK_SECRET_KEY, testConfig } from '../../server/src/testing/testApp';
import { type HookReceiver, startHookReceiver } from '../../server/src/testing/webhookTesting';
import { deliverEndpointWebhooks } from '../../server/src/webhooks/webhookDelivery';
import { EXIT } from './exitCodes';
import { answerSurvey, teamSurvey } from './testing/cliSurveys';
import { type CliWorld, startCliWorld } from './testing/cliTesting';

/**
 * Loop for other programs end to end (R-KEY-3, R-KEY-5, R-HOOK-1, R-HOOK-3, R-CLI-7): an owner makes
 * a read-only key; the command-line client and the client generated from the OpenAPI document both
 * export results with it and are refused a write; an answer through the public link reaches a webhook
 * receiver signed, and `loop webhooks verify` accepts the saved delivery (and calls it a replay an
 * hour later); once the key is revoked, the next call is refused.
 */

// Outside this package's sources on purpose: it compiles only against the generated types, which
// the server's OpenAPI client test generates and checks (packages/server/src/http/openapiClient.test.ts).
const GENERATED_CLIENT = resolve(import.meta.dirname, '../../server/openapi-client/client.ts');
const webhooks = { secretKey: TEST_WEBHOOK_SECRET_KEY, allowPrivateNetworks: true, intervalSeconds: 2 };

let world: CliWorld;
let receiver: HookReceiver;
let survey: Survey;

beforeAll(async () => {
  receiver = await startHookReceiver();
  world = await startCliWorld({ config: { webhooks } });
  survey = await teamSurvey(world, 'Koppelingsproef');
  await answerSurvey(world, survey, ['Snellere antwoorden', 'Meer koffie']);
});
afterAll(async () => {
  await world?.close();
  await receiver?.close();
});

const owner = () => ({ token: world.team.owner.token, headers: world.team.headers });
const org = () => ({
  organization: world.team.organization,
  managerToken: world.team.owner.token,
  memberToken: world.team.member.token,
  headers: world.team.headers,
});
/** `loop` with the key alone: no session, no organisation named. */
const withKey = (key: string) => ({ env: { LOOP_API_KEY: key, LOOP_ORGANISATION: undefined } });

describe('Loop for other programs (issue 28)', () => {
  it('should serve a read key to the CLI and the generated client, sign a webhook the CLI verifies, and refuse the key once revoked', async () => {
    const key = await makeApiKey(world.ctx, owner(), ['surveys:read'], { name: 'Rapportage' });

    // The CLI exports the results with the key, without naming the organisation.
    const exported = await world.run(
      ['results', 'export', String(survey.id), '-o', 'uit.csv'],
      withKey(key.secret),
    );
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const csv = await readFile(join(world.dir, 'uit.csv'), 'utf8');
    expect(csv).toContain('Snellere antwoorden');
    expect(csv).toContain('Meer koffie');

    // The client generated from the OpenAPI document reads and exports the same, and may not write.
    const client = (await import(GENERATED_CLIENT)) as {
      runWithKey(baseUrl: string, key: string, surveyId: number): Promise<Record<string, unknown>>;
    };
    expect(await client.runWithKey(world.url, key.secret, survey.id)).toMatchObject({
      surveyId: survey.id,
      exportHeader: expect.stringContaining('Wat kan beter?'),
      refusedStatus: 403,
      refusedDetail: API_KEY_MESSAGES.scopeMissing('responses:write'),
    });

    // A write through the CLI is refused the same way.
    await writeFile(join(world.dir, 'contacten.csv'), 'naam,e-mail\nAnna,anna@example.nl\n');
    const refused = await world.run(['contacts', 'import', 'contacten.csv'], withKey(key.secret));
    expect(refused.code).toBe(EXIT.auth);
    expect(refused.stderr).toContain(API_KEY_MESSAGES.scopeMissing('contacts:manage'));

    // A webhook endpoint on a local receiver gets the answer given through the public link, signed.
    const endpoint = await call(world.ctx, org(), 'POST', '/webhooks', {
      url: receiver.url,
      events: ['response.completed'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { secret } = endpoint.json<{ secret: string }>();
    const answered = await respond(world.ctx, await publicToken(world.ctx, org(), survey.id), {
      final: true,
      respondent_key: 'koppelingsproef-bezoeker-1',
      answers: [
        { question_id: 'q-nps', value: { score: 9 } },
        { question_id: 'q-open', value: { text: 'Via de publieke link' } },
      ],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const deps = {
      db: world.ctx.db,
      config: testConfig(world.ctx.dataDir, { webhooks }),
      clock: world.ctx.clock,
    };
    expect(await deliverEndpointWebhooks({ ...deps, outbox: createOutbox(deps.config) })).toBe(1);
    const [delivery] = receiver.received;
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'response.completed',
      data: { survey_id: survey.id },
    });

    // `loop webhooks verify` checks the saved delivery: genuine now, a replay an hour later.
    await writeFile(join(world.dir, 'levering.json'), JSON.stringify(delivery));
    const sentAt = new Date(Number(delivery?.headers['webhook-timestamp']) * 1000);
    const verify = (now: Date) =>
      world.run(['webhooks', 'verify', 'levering.json', '--secret', secret], { now, env: {} });
    const genuine = await verify(sentAt);
    expect(genuine.code, genuine.stderr).toBe(EXIT.ok);
    const replayed = await verify(new Date(sentAt.getTime() + 3_600_000));
    expect(replayed.code).toBe(EXIT.signature);
    expect(replayed.stderr).toContain(WEBHOOK_VERIFY_MESSAGES.too_old);

    // Revoked: the very next call is refused.
    const revoked = await call(world.ctx, org(), 'POST', `/api-keys/${key.api_key.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await world.run(['surveys', 'list'], withKey(key.secret));
    expect(after.code).toBe(EXIT.auth);
    expect(after.stderr).toContain(API_KEY_MESSAGES.revoked);
  });
});
