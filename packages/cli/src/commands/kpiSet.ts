import { createKpiGateway } from '@loop/adapters/http';
import type { ApiResult, Kpi } from '@loop/core';
import { formatKpiValue, KPI_MESSAGES, type KpiGateway, kpiValueFromForm } from '@loop/core/kpis';
import { parsePeriodKey, periodName } from '@loop/core/periods';
import { type Command, EXIT, failCall, isExit, text } from './command';
import { positiveId } from './positiveId';

/** KPIs asked per call when looking one up by name. */
const PAGE_SIZE = 100;

const sameName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase('nl') === b.trim().toLocaleLowerCase('nl');

type Found =
  | { readonly kpi: Kpi }
  | { readonly failure: Extract<ApiResult<never>, { ok: false }> }
  | { readonly ambiguous: readonly Kpi[] };

/** The KPI an argument names: its id, else its name (case does not matter), searched page by page. */
async function findKpi(gateway: KpiGateway, named: string): Promise<Found | null> {
  const id = positiveId(named);
  if (id !== null) {
    const answer = await gateway.get(id);
    return answer.ok ? { kpi: answer.value } : { failure: answer };
  }
  const matches: Kpi[] = [];
  for (let page = 1, seen = 0; ; page += 1) {
    const answer = await gateway.list({ q: named.trim(), page: String(page), page_size: String(PAGE_SIZE) });
    if (!answer.ok) return { failure: answer };
    seen += answer.value.items.length;
    matches.push(...answer.value.items.filter((kpi) => sameName(kpi.name, named)));
    if (answer.value.items.length === 0 || seen >= answer.value.total) break;
  }
  if (matches.length > 1) return { ambiguous: matches };
  return matches[0] === undefined ? null : { kpi: matches[0] };
}

/** `loop kpi set`: enters a manual KPI's value for one period (PUT /kpis/:id/values/:period). */
export const kpiSet: Command = {
  group: 'kpi',
  action: 'set',
  summary: 'Vult de waarde van een KPI in voor een periode.',
  usage: 'loop kpi set <kpi> <periode> <waarde> [--note <tekst>]',
  options: { note: { type: 'string' } },
  help: [
    '<kpi>               het id of de naam van de KPI',
    '<periode>           de periode van de KPI: 2026-W05 (week), 2026-03 (maand), 2026-Q1 (kwartaal) of 2026',
    "<waarde>            in Nederlandse notatie: 1.234,56 of '€ 12,50' (euro), 45,5% (percentage), 2:15 (duur);",
    '                    zet -- voor een negatieve waarde: loop kpi set omzet 2026-03 -- -12,50',
    '--note <tekst>      een notitie bij de waarde',
  ],
  arguments: { min: 3, max: 3 },
  async run({ values, positionals, report, connect }) {
    const [named = '', key = '', raw = ''] = positionals;
    const connection = connect();
    if (isExit(connection)) return connection;
    const gateway = createKpiGateway(connection.client);
    const found = await findKpi(gateway, named);
    if (found === null) return report.fail(EXIT.notFound, `Geen KPI met de naam '${named}'.`);
    if ('failure' in found) return failCall(report, found.failure, connection);
    if ('ambiguous' in found) {
      const ids = found.ambiguous.map((kpi) => kpi.id).join(', ');
      return report.fail(EXIT.usage, `Meer dan één KPI heet '${named}'. Geef het id: ${ids}.`);
    }
    const { kpi } = found;
    // R-CLI-6: the period and the value are read by core's rules, as the web app's value dialog does.
    const period = parsePeriodKey(kpi.period_kind, key.trim());
    if (period === null) return report.fail(EXIT.refused, KPI_MESSAGES.periodKey(kpi.period_kind, key));
    const input = kpiValueFromForm(kpi.unit, raw, text(values, 'note') ?? '');
    if (!input.ok) {
      return report.fail(EXIT.refused, Object.values(input.fields).join(' '), { fields: input.fields });
    }
    const saved = await gateway.setValue(kpi.id, period.key, input.value);
    if (!saved.ok) return failCall(report, saved, connection);
    report.data({ kpi_id: kpi.id, kpi_name: kpi.name, period: period.key, value: input.value.value });
    report.line(
      `${kpi.name}, ${periodName(period)}: ${formatKpiValue(kpi.unit, input.value.value)} opgeslagen.`,
    );
    return EXIT.ok;
  },
};
