import type { ErrorBody, Survey } from '@loop/core';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_MISSING } from '../billing/requireFeature';
import { appLogs } from '../db/schema';
import { findSurvey } from '../surveys/surveys';
import { putOnPlan } from '../testing/billing';
import { resultQuestions, storeLogic, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { csvCell, csvLine, dutchDateTime, exportRows } from './surveyExport';

let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;

const get = (who: SurveyOrganization, path: string) =>
  api(ctx.app, 'GET', path, { token: who.managerToken, headers: who.headers });

/** RFC 4180 with ';' as separator: quoted cells may hold separators, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Export BV');
  await putOnPlan(ctx, org.organization.id, 'smartloop');
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: org.managerToken,
    headers: org.headers,
    payload: sampleInput({ title: 'Export', questions: resultQuestions() }),
  });
  survey = created.json<Survey>();
  await storeResponse(ctx.db, survey, {
    // 23:30 UTC on 14 February is 00:30 on 15 February in Amsterdam.
    submittedAt: new Date('2026-02-14T23:30:00Z'),
    answers: {
      lik: { 'st-a': 5, 'st-b': 1 },
      nps: { score: 9 },
      rat: { score: 4 },
      one: { other: 'Step' },
      many: { option_ids: ['lunch', 'thuis'], other: 'Koffie; thee' },
      kort: { text: '=HYPERLINK("http://evil.example")' },
      lang: { text: 'Regel één\nRegel "twee"' },
    },
  });
  await storeResponse(ctx.db, survey, {
    submittedAt: new Date('2026-07-01T08:05:00Z'),
    answers: { lik: { 'st-b': 3 }, one: { option_id: 'fiets' }, kort: { text: '-1 punt' } },
  });
  await storeResponse(ctx.db, survey, { submittedAt: null, answers: { kort: { text: 'Niet ingestuurd' } } });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /surveys/:id/export', () => {
  it('should export CSV: BOM, semicolons, a column per question and statement, formulas neutralised', async () => {
    const response = await get(org, `/surveys/${survey.id}/export?format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="survey-${survey.id}-antwoorden-2026-03-02.csv"`,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'Reactie',
      'Ingestuurd op',
      'Stellingen over je werk – Ik heb plezier in mijn werk',
      'Stellingen over je werk – Mijn team helpt mij',
      'Zou je ons aanbevelen?',
      'Hoe tevreden ben je?',
      'Hoe kom je naar het werk?',
      'Wat waardeer je?',
      'Eén woord voor je werk',
      'Wat kan beter?',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      '1',
      '15-02-2026 00:30',
      'Helemaal eens',
      'Helemaal oneens',
      '9',
      '4',
      'Anders: Step',
      'De lunch; Thuiswerken; Anders: Koffie; thee',
      `'=HYPERLINK("http://evil.example")`,
      'Regel één\nRegel "twee"',
    ]);
    // The survey's second submission is 'Reactie 2', whatever its row id.
    expect(rows[2]?.[0]).toBe('2');
    expect(rows[2]?.slice(1)).toEqual([
      '01-07-2026 10:05',
      '',
      'Neutraal',
      '',
      '',
      'Fiets',
      '',
      "'-1 punt",
      '',
    ]);
    // Who exported what is audited, with ids only.
    await ctx.app.appLog.flush();
    const [audit] = await ctx.db.select().from(appLogs).where(eq(appLogs.action, 'survey.exported'));
    expect(audit).toMatchObject({
      level: 'audit',
      orgId: org.organization.id,
      route: '/api/v1/surveys/:id/export',
      message: `Antwoorden van survey ${survey.id} geëxporteerd (csv)`,
    });
  });

  it('should export XLSX that opens with the same rows, numbers as numbers and the time as a date', async () => {
    const response = await get(org, `/surveys/${survey.id}/export?format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(
      `survey-${survey.id}-antwoorden-2026-03-02.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antwoorden');
    if (sheet === undefined) throw new Error('no sheet Antwoorden');
    expect(sheet.rowCount).toBe(3);
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1).slice(0, 3)).toEqual([
      'Reactie',
      'Ingestuurd op',
      'Stellingen over je werk – Ik heb plezier in mijn werk',
    ]);
    const first = values(2);
    expect(first[0]).toBe(1);
    // Amsterdam wall-clock time, stored without a zone as spreadsheets do.
    expect(first[1]).toEqual(new Date(Date.UTC(2026, 1, 15, 0, 30)));
    expect(first.slice(2)).toEqual([
      'Helemaal eens',
      'Helemaal oneens',
      9,
      4,
      'Anders: Step',
      'De lunch; Thuiswerken; Anders: Koffie; thee',
      // A string cell in XLSX is never run as a formula.
      '=HYPERLINK("http://evil.example")',
      'Regel één\nRegel "twee"',
    ]);
  });

  it('should export only the responses submitted within the days', async () => {
    const response = await get(org, `/surveys/${survey.id}/export?format=csv&from=2026-02-15&to=2026-02-15`);
    const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    expect(rows.map((row) => row[0])).toEqual(['Reactie', '1']);
  });

  it('should refuse a missing or unknown format and bad days with a Dutch message', async () => {
    for (const query of ['', '?format=pdf', '?format=csv&from=morgen']) {
      const response = await get(org, `/surveys/${survey.id}/export${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorBody>().detail, query).toMatch(/formaat csv of xlsx|JJJJ-MM-DD/);
    }
  });

  it('should export CSV on every plan, XLSX only with the export feature, and 404 for another organisation first', async () => {
    const basic = await surveyOrganization(ctx, 'Basis BV');
    const own = await api(ctx.app, 'POST', '/surveys', {
      token: basic.managerToken,
      headers: basic.headers,
      payload: sampleInput(),
    });
    const csv = await get(basic, `/surveys/${own.json<Survey>().id}/export?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFReactie;Ingestuurd op;')).toBe(true);
    const refused = await get(basic, `/surveys/${own.json<Survey>().id}/export?format=xlsx`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().detail).toBe(FEATURE_MISSING);
    const foreign = await get(basic, `/surveys/${survey.id}/export?format=csv`);
    expect(foreign.statusCode).toBe(404);
  });

  it('should read the responses in chunks and keep every row, oldest first', async () => {
    const row = await findSurvey(ctx.db, org.organization.id, survey.id);
    if (row === null) throw new Error('survey');
    // 1,201 more responses in one statement, one NPS answer each.
    await ctx.db.execute(sql`
      with made as (
        insert into survey_responses (survey_id, organization_id, token_hash, kind, status, completed_at)
        select ${survey.id}, ${survey.organization_id}, 'bulk-' || g, 'public', 'completed',
          '2026-08-01T00:00:00Z'::timestamptz + g * interval '1 minute'
        from generate_series(1, 1201) as g
        returning id, completed_at)
      insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, submitted_at)
      select id, ${survey.id}, 'nps', '', 7, completed_at from made`);
    const ordinals: number[] = [];
    let chunks = 0;
    for await (const chunk of exportRows(ctx.db, row, { from: null, to: null }, 500)) {
      chunks++;
      for (const each of chunk) {
        ordinals.push(each.ordinal);
        if (each.ordinal > 2) expect(each.cells[2]).toBe(7);
      }
    }
    expect(chunks).toBe(3);
    // Written without a number, the bulk rows get theirs when the export reads them, in order.
    expect(ordinals).toEqual(Array.from({ length: 1203 }, (_, index) => index + 1));
    const csv = await get(org, `/surveys/${survey.id}/export?format=csv`);
    expect(parseCsv(csv.rawPayload.subarray(3).toString('utf8'))).toHaveLength(1204);
  });
});

describe('GET /surveys/:id/export of a survey with logic (R-RES-7)', () => {
  let withLogic: Survey;

  beforeAll(async () => {
    const created = await api(ctx.app, 'POST', '/surveys', {
      token: org.managerToken,
      headers: org.headers,
      payload: sampleInput({ title: 'Met logica', questions: resultQuestions() }),
    });
    withLogic = created.json<Survey>();
    await storeLogic(ctx.db, withLogic, {
      rules: [
        {
          id: 'r1',
          action: 'jump',
          from_question_id: 'nps',
          to: { end_screen_id: 'end-kort' },
          when: {
            match: 'all',
            conditions: [{ source: 'question', question_id: 'nps', operator: 'less', value: 7 }],
          },
        },
      ],
      end_screens: [{ id: 'end-kort', text: 'Dank je,\nwe bellen je.' }],
      hidden_fields: ['bron', 'afdeling'],
    });
    // Jumped to the end screen after the NPS: the questions after it were not shown.
    await storeResponse(ctx.db, withLogic, {
      submittedAt: new Date('2026-02-10T09:00:00Z'),
      hiddenFields: { bron: 'mail' },
      language: 'en',
      endScreenId: 'end-kort',
      unseen: ['rat', 'one', 'many', 'kort', 'lang'],
      answers: { lik: { 'st-a': 4 }, nps: { score: 3 } },
    });
    await storeResponse(ctx.db, withLogic, {
      submittedAt: new Date('2026-02-11T09:00:00Z'),
      hiddenFields: { bron: 'qr', afdeling: '=Inkoop' },
      language: 'nl',
      answers: { nps: { score: 9 }, one: { option_id: 'fiets' }, kort: { text: 'Top' } },
    });
  });

  it('should add a column per hidden field, the language and the end screen; a question not seen stays empty', async () => {
    const response = await get(org, `/surveys/${withLogic.id}/export?format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'Reactie',
      'Ingestuurd op',
      'bron',
      'afdeling',
      'Taal',
      'Eindscherm',
      'Stellingen over je werk – Ik heb plezier in mijn werk',
      'Stellingen over je werk – Mijn team helpt mij',
      'Zou je ons aanbevelen?',
      'Hoe tevreden ben je?',
      'Hoe kom je naar het werk?',
      'Wat waardeer je?',
      'Eén woord voor je werk',
      'Wat kan beter?',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '1',
        '10-02-2026 10:00',
        'mail',
        '',
        'Engels',
        'Dank je, we bellen je.',
        'Eens',
        '',
        '3',
        '',
        '',
        '',
        '',
        '',
      ],
      // A hidden value that looks like a formula is neutralised like any answer.
      ['2', '11-02-2026 10:00', 'qr', "'=Inkoop", 'Nederlands', '', '', '', '9', '', 'Fiets', '', 'Top', ''],
    ]);
  });

  it('should add the same columns to the XLSX', async () => {
    const response = await get(org, `/surveys/${withLogic.id}/export?format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antwoorden');
    if (sheet === undefined) throw new Error('no sheet Antwoorden');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1).slice(2, 7)).toEqual([
      'bron',
      'afdeling',
      'Taal',
      'Eindscherm',
      'Stellingen over je werk – Ik heb plezier in mijn werk',
    ]);
    expect(values(2).slice(2, 9)).toEqual([
      'mail',
      undefined,
      'Engels',
      'Dank je, we bellen je.',
      'Eens',
      undefined,
      3,
    ]);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['zeg "hoi"', '"zeg ""hoi"""'],
    ['twee\nregels', '"twee\nregels"'],
    ['=1+1', "'=1+1"],
    ['+31 6 12345678', "'+31 6 12345678"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tinsprong', "'\tinsprong"],
    ['\rterug', `"'\rterug"`],
  ])('should write %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('should leave numbers and empty cells alone and end lines with CRLF', () => {
    expect(csvLine([1, null, -3, 'x'])).toBe('1;;-3;x\r\n');
  });

  it('should show a moment as Dutch day and time in Amsterdam, summer time included', () => {
    expect(dutchDateTime(new Date('2026-07-01T22:15:00Z'))).toBe('02-07-2026 00:15');
    expect(dutchDateTime(new Date('2026-01-01T08:05:00Z'))).toBe('01-01-2026 09:05');
  });
});
