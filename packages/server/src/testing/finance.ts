import { readFileSync } from 'node:fs';
import type { FinanceRecordInput } from '@loop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { financeDayTotals, financeImports, financeMonthTotals, financeRecords } from '../db/schema';
import type { TestContext } from './testApp';

/** A bank statement fixture of `finance/testdata`. */
export const bankFixture = (name: string): Buffer =>
  readFileSync(new URL(`../finance/testdata/${name}`, import.meta.url));

/** A multipart/form-data body with text fields and one file in `file`, as a browser's FormData sends it. */
export function multipartForm(
  fields: Readonly<Record<string, string>>,
  file: { readonly name: string; readonly bytes: Uint8Array; readonly type?: string } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----loop-test-${Math.random().toString(16).slice(2)}`;
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file !== null)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /finance/imports with a file and form fields. */
export function postImport(
  app: FastifyInstance,
  caller: { readonly token: string; readonly headers: Record<string, string> },
  file: { readonly name: string; readonly bytes: Uint8Array },
  fields: Readonly<Record<string, string>> = {},
): Promise<LightMyRequestResponse> {
  const form = multipartForm(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/v1/finance/imports',
    headers: { authorization: `Bearer ${caller.token}`, ...caller.headers, ...form.headers },
    payload: form.payload,
  });
}

export const sampleRecord = (overrides: Partial<FinanceRecordInput> = {}): FinanceRecordInput => ({
  date: '2026-02-10',
  direction: 'income',
  amount_cents: 121_000,
  btw_rate: '21',
  category: 'Omzet',
  description: 'Factuur 2026-007',
  counterparty: 'Klant Noord B.V.',
  attachment_ref: 'F-2026-007',
  ...overrides,
});

/** Row counts of the finance tables: "nothing stored" in numbers. */
export async function financeCounts(ctx: Pick<TestContext, 'db'>, organizationId: number) {
  const where = sql`organization_id = ${organizationId}`;
  return {
    records: await ctx.db.$count(financeRecords, where),
    imports: await ctx.db.$count(financeImports, where),
    totals: await ctx.db.$count(financeDayTotals, where),
    monthTotals: await ctx.db.$count(financeMonthTotals, where),
  };
}

/**
 * The day and month totals as the triggers keep them, and as they should be from the records, all
 * sorted, so a test compares them after any sequence of changes.
 */
export async function dayTotalsAgainstRecords(ctx: Pick<TestContext, 'db'>, organizationId: number) {
  const rows = (result: unknown): unknown =>
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : result;
  const kept = async (table: string, column: string) =>
    rows(
      await ctx.db.execute(sql`
        select ${sql.raw(column)}::text as period, direction, category, btw_rate, record_count::int as records,
          amount_cents::bigint::text as amount, btw_cents::bigint::text as btw
        from ${sql.raw(table)} where organization_id = ${organizationId}
        order by 1, 2, 3, 4`),
    );
  const expected = async (period: string) =>
    rows(
      await ctx.db.execute(sql`
        select ${sql.raw(period)}::text as period, direction, category, coalesce(btw_rate, '') as btw_rate,
          count(*)::int as records, sum(amount_cents)::bigint::text as amount, sum(btw_cents)::bigint::text as btw
        from finance_records where organization_id = ${organizationId}
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
    );
  return {
    kept: {
      days: await kept('finance_day_totals', 'day'),
      months: await kept('finance_month_totals', 'month'),
    },
    expected: { days: await expected('date'), months: await expected("date_trunc('month', date)::date") },
  };
}
