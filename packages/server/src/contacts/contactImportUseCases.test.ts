import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { CONTACT_IMPORT_MESSAGES } from './contactImportFile';
import {
  getImport,
  ImportJobs,
  importContacts,
  importOptionsOf,
  recentImports,
} from './contactImportUseCases';
import { CONTACT_FORM_MESSAGES } from './contactRefusals';
import { CONTACT_ERRORS } from './contactStore';
import type { ContactDeps } from './contactUseCases';

// The import use-cases called directly, without HTTP: a dry run, refusals, and an import run to its end.

let ctx: TestContext;
let deps: ContactDeps;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.db, clock: ctx.clock };
  team = await createTeam(ctx, 'Import BV');
});

afterAll(async () => {
  await ctx?.close();
});

const csv = (text: string) => new TextEncoder().encode(text);
const upload = (text: string, fields: Record<string, string> = {}) => ({
  organizationId: team.organization.id,
  userId: team.owner.id,
  fileName: 'contacten.csv',
  bytes: csv(text),
  fields,
});
const noFailure = (error: unknown) => {
  throw error;
};

describe('importContacts', () => {
  it('should answer a dry run with the suggested mapping and store nothing', async () => {
    const jobs = new ImportJobs();
    const answer = await importContacts(
      deps,
      jobs,
      upload('Naam;E-mail\nAnna;anna@example.nl\n', { dry_run: 'true' }),
      noFailure,
    );
    expect(answer).toMatchObject({
      ok: true,
      value: { dryRun: true, preview: { rows: 1, headers: ['Naam', 'E-mail'], delimiter: ';' } },
    });
    expect(await recentImports(deps, team.organization.id)).toEqual([]);
  });

  it('should refuse bad form fields, a file without contacts and repeated addresses without a choice', async () => {
    const jobs = new ImportJobs();
    expect(importOptionsOf({ on_duplicate: 'merge', dry_run: 'ja' })).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { on_duplicate: CONTACT_FORM_MESSAGES.onDuplicate, dry_run: CONTACT_FORM_MESSAGES.flag },
    });
    expect(await importContacts(deps, jobs, upload('Naam;E-mail\n'), noFailure)).toEqual({
      ok: false,
      code: 'invalid',
      detail: CONTACT_IMPORT_MESSAGES.noDataRows,
    });
    const repeated = await importContacts(
      deps,
      jobs,
      upload('Naam;E-mail\nA;a@example.nl\nB;a@example.nl\n'),
      noFailure,
    );
    expect(repeated).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { file_duplicates: expect.any(String) },
    });
  });

  it('should start an import that runs to its end among the jobs', async () => {
    const jobs = new ImportJobs();
    const answer = await importContacts(
      deps,
      jobs,
      upload('Naam;E-mail\nAnna;anna@example.nl\nBert;geen-adres\n'),
      noFailure,
    );
    if (!answer.ok || answer.value.dryRun) throw new Error('no import started');
    expect(answer.value).toMatchObject({ rows: 2, started: { state: 'running', rows: 2 } });

    await jobs.settle();

    const done = await getImport(deps, team.organization.id, answer.value.started.id);
    expect(done).toMatchObject({ ok: true, value: { state: 'done', created: 1, refused: 1, processed: 2 } });
    expect(await getImport(deps, team.organization.id + 1000, answer.value.started.id)).toEqual({
      ok: false,
      code: 'not_found',
      detail: CONTACT_ERRORS.importNotFound,
    });
  });
});
