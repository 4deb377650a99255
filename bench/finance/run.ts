/**
 * Finance at scale (issue 14), on PostgreSQL:
 *
 * 1. GET /api/v1/finance/overview over three years of 1,000,000 records, through the whole server
 *    (auth, organisation, plan feature, the aggregates over the month and day totals, core's
 *    overview, JSON), timed turn about with the bare indexed query a developer would write first
 *    against the records themselves — `select count(*), sum(amount_cents) … where organization_id
 *    = ? and date between ? and ?` — in the same run; budget 200 ms. For information: the same sums
 *    computed from the records (GROUP BY month, direction, category, rate over the million rows),
 *    and the first page of the record list.
 * 2. POST /api/v1/finance/imports of a generated 10,000-entry CAMT.053 file (multipart, through the
 *    route, into the organisation with the million records: duplicate check, one transaction,
 *    triggers), against the bare parse of the same bytes (decode, XML, entries); budget 3 s. Then
 *    the same file again (every line a duplicate).
 *
 * The data: 1,000,000 records of the demo organisation over 2024–2026 (about 900 a day), income
 * and costs, 12 categories, every BTW rate and none, inserted in SQL in batches (the triggers keep
 * the day totals as they would for imports), then VACUUM ANALYZE.
 *
 * Run: node scripts/pnpm.mjs bench:finance   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; a database of its own is created and dropped)
 */
import { loadavg } from 'node:os';
import type { FinanceImportReport, FinanceOverview } from '@loop/core';
import { readBankFile } from '@loop/server/internals';
import { demoAdminHeaders, demoOrganization, median, sideBySide, timed, withBenchServer } from '../benchKit';

const RECORDS = 1_000_000;
const BATCH = 200_000;
const IMPORT_LINES = 10_000;
const RUNS = 15;
const IMPORT_RUNS = 3;
const OVERVIEW_BUDGET_MS = 200;
const IMPORT_BUDGET_MS = 3_000;
const FROM = '2024-01-01';
const TO = '2026-12-31';

/** A CAMT.053 statement of `count` entries, each with its own bank reference (`run` keeps files apart). */
function camtFile(count: number, run: number): Buffer {
  const entries: string[] = [];
  for (let i = 0; i < count; i++) {
    const credit = i % 3 !== 0;
    const day = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    const cents = 100 + ((i * 7919 + run * 104_729) % 500_000);
    entries.push(`      <Ntry>
        <Amt Ccy="EUR">${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt>
        <ValDt><Dt>${day}</Dt></ValDt>
        <AcctSvcrRef>BENCH${run}-${String(i).padStart(8, '0')}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>E2E-${run}-${i}</EndToEndId></Refs>
            <RltdPties>
              <${credit ? 'Dbtr' : 'Cdtr'}><Nm>Relatie ${i % 731} B.V.</Nm></${credit ? 'Dbtr' : 'Cdtr'}>
              <${credit ? 'DbtrAcct' : 'CdtrAcct'}><Id><IBAN>NL44ABNA0${String(100_000_000 + (i % 731))}</IBAN></Id></${credit ? 'DbtrAcct' : 'CdtrAcct'}>
            </RltdPties>
            <RmtInf><Ustrd>Factuur ${run}-${i} omschrijving van de betaling</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>`);
  }
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-${run}</MsgId><CreDtTm>2026-12-31T23:59:59</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-${run}</Id>
      <Acct><Id><IBAN>NL20INGB0001234567</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries.join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`);
}

function multipart(name: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----loop-bench-${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function main() {
  await withBenchServer('finance', async (server) => {
    const raw = server.sql;
    const app = await server.app();
    const headers = await demoAdminHeaders(app);
    const org = (await demoOrganization(raw)).id;

    const generating = performance.now();
    for (let start = 0; start < RECORDS; start += BATCH) {
      await raw.unsafe(`
        insert into finance_records (organization_id, date, direction, amount_cents, btw_rate, btw_cents,
          category, description, counterparty, source, created_at, updated_at)
        select ${org}, date '${FROM}' + (g % 1096), d.direction, a.amount, r.rate,
          case r.rate when '21' then (a.amount * 42 + 121) / 242 when '9' then (a.amount * 18 + 109) / 218 else 0 end,
          (array['Omzet','Subsidies','Inkoop','Personeel','Huisvesting','Kantoorkosten','Software','Marketing',
            'Reiskosten','Verzekeringen','Bankkosten',''])[1 + (hashint4(g) & 2147483647) % 12],
          'Boeking ' || g, 'Relatie ' || (g % 5000), 'manual', now(), now()
        from generate_series(${start + 1}, ${start + BATCH}) as g,
          lateral (select case when g % 3 = 0 then 'cost' else 'income' end as direction) d,
          lateral (select 100 + (hashint4(g * 31) & 2147483647) % 250000 as amount) a,
          lateral (select (array['21','21','9','0','exempt',null])[1 + g % 6] as rate) r`);
    }
    await raw.unsafe('vacuum analyze finance_records');
    await raw.unsafe('vacuum analyze finance_day_totals');
    await raw.unsafe('vacuum analyze finance_month_totals');
    const [counts] = await raw.unsafe<{ records: number; days: number; months: number }[]>(
      `select (select count(*)::int from finance_records) as records,
        (select count(*)::int from finance_day_totals) as days,
        (select count(*)::int from finance_month_totals) as months`,
    );
    console.log(
      `Generated ${counts?.records.toLocaleString('en')} records (${counts?.days.toLocaleString('en')} day-total and ` +
        `${counts?.months.toLocaleString('en')} month-total rows) in ` +
        `${((performance.now() - generating) / 1000).toFixed(1)} s; load average ` +
        `${loadavg()
          .map((load) => load.toFixed(1))
          .join(', ')} (2 cores)`,
    );

    const bare = `select count(*), sum(amount_cents) from finance_records
      where organization_id = ${org} and date between '${FROM}' and '${TO}'`;
    let overview: FinanceOverview | null = null;
    const [api, baseline] = await sideBySide(
      RUNS,
      async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/finance/overview?from=${FROM}&to=${TO}`,
          headers,
        });
        if (response.statusCode !== 200) throw new Error(`overview: ${response.statusCode} ${response.body}`);
        overview = response.json<FinanceOverview>();
      },
      () => raw.unsafe(bare),
    );
    const shown = overview as FinanceOverview | null;
    console.log(
      `GET /finance/overview (${FROM} – ${TO}, ${shown?.totals.record_count.toLocaleString('en')} records, ` +
        `${shown?.months.length} months, ${shown?.categories.length} categories, ${shown?.quarters.length} quarters): ` +
        `${api.median.toFixed(1)} ms median (min ${api.min.toFixed(1)}) of ${RUNS}; bare indexed count(*)/sum over the ` +
        `records ${baseline.median.toFixed(1)} ms (min ${baseline.min.toFixed(1)}), timed turn about; ratio ` +
        `${(api.median / baseline.median).toFixed(2)}×; budget ${OVERVIEW_BUDGET_MS} ms: ` +
        `${api.median <= OVERVIEW_BUDGET_MS ? 'met' : 'MISSED'}`,
    );
    const fromRecords = await timed(3, () =>
      raw.unsafe(`select to_char(date, 'YYYY-MM'), direction, category, btw_rate, count(*), sum(amount_cents), sum(btw_cents)
        from finance_records where organization_id = ${org} and date between '${FROM}' and '${TO}' group by 1, 2, 3, 4`),
    );
    console.log(
      `  for comparison, the same sums straight from the records (GROUP BY month, direction, category, rate): ` +
        `${fromRecords.median.toFixed(0)} ms median of 3`,
    );
    const list = await timed(7, () => app.inject({ method: 'GET', url: '/api/v1/finance/records', headers }));
    const search = await timed(3, () =>
      app.inject({
        method: 'GET',
        url: '/api/v1/finance/records?q=relatie%20499&from=2026-01-01',
        headers,
      }),
    );
    console.log(
      `GET /finance/records page 1 (count from the day totals): ${list.median.toFixed(0)} ms median; ` +
        `with a search over a year: ${search.median.toFixed(0)} ms median`,
    );

    // The import.
    const warmUp = camtFile(100, 0);
    await app.inject({
      method: 'POST',
      url: '/api/v1/finance/imports',
      headers: { ...headers, ...multipart('warm.xml', warmUp).headers },
      payload: multipart('warm.xml', warmUp).payload,
    });
    const files = Array.from({ length: IMPORT_RUNS }, (_, run) => camtFile(IMPORT_LINES, run + 1));
    const parseTimes: number[] = [];
    for (const file of files) {
      const start = performance.now();
      const parsed = readBankFile(file, { format: 'auto', mapping: null });
      parseTimes.push(performance.now() - start);
      if (!parsed.ok || parsed.value.lines.length !== IMPORT_LINES)
        throw new Error('bench file did not parse');
    }
    const importTimes: number[] = [];
    let report: FinanceImportReport | null = null;
    for (const [run, file] of files.entries()) {
      const form = multipart(`bench-${run}.xml`, file);
      const start = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/finance/imports',
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      importTimes.push(performance.now() - start);
      if (response.statusCode !== 201)
        throw new Error(`import: ${response.statusCode} ${response.body.slice(0, 300)}`);
      report = response.json<FinanceImportReport>();
    }
    const again = multipart('bench-again.xml', files[0] ?? warmUp);
    const againStart = performance.now();
    const repeated = await app.inject({
      method: 'POST',
      url: '/api/v1/finance/imports',
      headers: { ...headers, ...again.headers },
      payload: again.payload,
    });
    const againMs = performance.now() - againStart;
    const importMedian = median(importTimes);
    const parseMedian = median(parseTimes);
    console.log(
      `POST /finance/imports, CAMT.053 of ${IMPORT_LINES.toLocaleString('en')} entries ` +
        `(${((files[0]?.length ?? 0) / 1e6).toFixed(1)} MB, ${report?.imported} new): ${importMedian.toFixed(0)} ms median of ` +
        `${IMPORT_RUNS} (${importTimes.map((time) => time.toFixed(0)).join(', ')}); bare parse of the same bytes ` +
        `${parseMedian.toFixed(0)} ms; ratio ${(importMedian / parseMedian).toFixed(2)}×; budget ${IMPORT_BUDGET_MS} ms: ` +
        `${importMedian <= IMPORT_BUDGET_MS ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  the same file again: ${againMs.toFixed(0)} ms, ${repeated.json<FinanceImportReport>().duplicates.toLocaleString('en')} duplicates skipped`,
    );
    const plan = await raw.unsafe<{ 'QUERY PLAN': string }[]>(
      `explain (analyze, costs off, timing off) select to_char(month, 'YYYY-MM'), direction, category, btw_rate,
         sum(record_count), sum(amount_cents), sum(btw_cents) from finance_month_totals
       where organization_id = ${org} and month between '${FROM}' and '${TO}' group by 1, 2, 3, 4`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} (2 cores)`,
    );
    console.log('EXPLAIN of the overview aggregate (whole months):');
    for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
  });
}

await main();
