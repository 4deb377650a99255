import type {
  Kpi,
  KpiBoard,
  KpiBoardSettings,
  KpiComparison,
  KpiDrillDown,
  KpiDrillDownRow,
  KpiHeading,
  KpiHistory,
  KpiImportReport,
  KpiImportRequest,
  KpiInput,
  KpiState,
  KpiValue,
  Question,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { formatTimestamp, isoDay } from '@loop/core/format';
import {
  boardKpiIds,
  checkBoardChoice,
  checkNote,
  comparePoints,
  importSummary,
  KPI_MESSAGES,
  type KpiPlan,
  kpiCard,
  kpiPoint,
  kpiPoints,
  kpiValueProblem,
  readKpiCsv,
  validateKpiInput,
} from '@loop/core/kpis';
import {
  calendarDay,
  lastPeriods,
  type Period,
  type PeriodKind,
  parsePeriodKey,
  periodName,
  periodOf,
  periodsBetween,
} from '@loop/core/periods';
import { EncodedBody } from '../http/contentEncoding';
import { type BoardResponseCache, KpiValuesCache } from './boardCache';
import {
  type BoardIndex,
  type BoardKpi,
  type BoardWindows,
  boardWindows,
  loadBoardIndex,
  loadBoardRows,
  loadBoardStamp,
} from './boardData';
import {
  boardValues,
  type ComputeDeps,
  type ComputedValues,
  computeKpiValues,
  kpiStates,
  type ValueRequest,
} from './kpiComputation';
import {
  boardChoices,
  clearBoard,
  compareWithStored,
  deleteValue,
  findKpi,
  firstStoredPeriod,
  hasStoredValues,
  importValues,
  insertKpi,
  isMember,
  type KpiCardSource,
  type KpiRecord,
  organizationKpis,
  putValue,
  type StoredValue,
  setBoard,
  storedValuesBetween,
  toWireValue,
  updateKpi,
} from './kpiStore';

/**
 * What the KPI routes do, as functions of their deps that answer values or refusals: the routes
 * parse, call these and map a refusal to its HTTP status (kpiRoutes.ts).
 */

export const KPI_ERRORS = {
  notFound: 'KPI niet gevonden.',
  valueNotFound: 'Voor deze periode is geen waarde ingevuld.',
  computed: (source: 'survey' | 'finance') =>
    `Deze KPI rekent zijn waarden uit ${source === 'survey' ? 'een survey' : 'de financiën'}; alleen handmatige KPI's krijgen ingevoerde of geïmporteerde waarden.`,
  periodKindFixed:
    'Deze KPI heeft al waarden: de periode en de eenheid blijven zoals ze zijn. Verwijder eerst de waarden, of maak een nieuwe KPI.',
  periods: 'Kies 2 tot en met 36 perioden.',
  day: 'Vul een geldige datum in (JJJJ-MM-DD).',
  range: 'De einddatum ligt voor de begindatum.',
  rangeTooLong: 'Kies een bereik van hoogstens 10 jaar.',
  ids: "Geef KPI-ids als getallen met komma's, hoogstens 100.",
  unknownIds: "Kies alleen KPI's van je organisatie.",
} as const;

export type KpiRefusalCode = 'not_found' | 'invalid' | 'conflict';

export interface KpiRefusal {
  readonly ok: false;
  readonly code: KpiRefusalCode;
  readonly detail: string;
  readonly fields?: FieldErrors;
}

export type KpiResult<T> = { readonly ok: true; readonly value: T } | KpiRefusal;

const ok = <T>(value: T): KpiResult<T> => ({ ok: true, value });
const refuse = (code: KpiRefusalCode, detail: string, fields?: FieldErrors): KpiRefusal =>
  fields === undefined ? { ok: false, code, detail } : { ok: false, code, detail, fields };
const invalid = (fields: FieldErrors): KpiRefusal =>
  refuse('invalid', Object.values(fields)[0] ?? 'Controleer de ingevulde gegevens.', fields);

export interface KpiDeps extends ComputeDeps {
  readonly now: () => Date;
  /** Values the board computed, kept while their inputs are unchanged. */
  readonly boardCache: KpiValuesCache;
  /** Whole board answers, serialised, kept while the board's index is unchanged. */
  readonly boardResponses: BoardResponseCache;
  /** The organisation's surveys by id, with their questions (null: not the organisation's). */
  readonly survey: (
    organizationId: number,
    surveyId: number,
  ) => Promise<{ readonly questions: readonly Question[] } | null>;
}

/** Today in the Netherlands, 'YYYY-MM-DD'. */
export const todayOf = (deps: Pick<KpiDeps, 'now'>): string => isoDay(deps.now());

const planOf = (kpi: KpiCardSource): KpiPlan => ({
  direction: kpi.direction,
  target: kpi.target,
  warning: kpi.warning,
  period_targets: kpi.periodTargets,
});

/** What a card or a list row names of a KPI. */
export const headingOf = (kpi: KpiCardSource, state: KpiState): KpiHeading => ({
  id: kpi.id,
  name: kpi.name,
  unit: kpi.unit,
  direction: kpi.direction,
  period_kind: kpi.periodKind,
  owner: kpi.owner,
  source: { ...kpi.source, survey_title: kpi.survey?.title ?? null },
  state,
});

/** The wire form of a KPI. */
export const toWireKpi = (kpi: KpiRecord, state: KpiState): Kpi => ({
  ...headingOf(kpi, state),
  description: kpi.description,
  target: kpi.target,
  warning: kpi.warning,
  period_targets: kpi.periodTargets,
  created_at: kpi.createdAt.toISOString(),
  updated_at: kpi.updatedAt.toISOString(),
});

// --- Definitions --------------------------------------------------------------------------------

/** Checks a definition against core's rules, the survey it names and the owner's membership. */
async function checkDefinition(
  deps: KpiDeps,
  organizationId: number,
  input: KpiInput,
): Promise<KpiResult<KpiInput>> {
  const survey =
    input.source.type === 'survey' && input.source.survey_id !== null
      ? await deps.survey(organizationId, input.source.survey_id)
      : null;
  const checked = validateKpiInput(input, { survey });
  const ownerKnown = input.owner_id === null || (await isMember(deps.db, organizationId, input.owner_id));
  const fields: Record<string, string> = checked.ok ? {} : { ...checked.fields };
  if (!ownerKnown) fields.owner_id = KPI_MESSAGES.owner;
  if (!checked.ok || !ownerKnown) return invalid(fields);
  return ok(checked.value);
}

/** The wire form of one KPI with its state. */
async function wireKpi(deps: KpiDeps, kpi: KpiRecord): Promise<Kpi> {
  const states = await kpiStates(deps, kpi.organizationId, [kpi], todayOf(deps));
  return toWireKpi(kpi, states.get(kpi.id) ?? 'ok');
}

export async function createKpi(
  deps: KpiDeps,
  organizationId: number,
  input: KpiInput,
): Promise<KpiResult<Kpi>> {
  const checked = await checkDefinition(deps, organizationId, input);
  if (!checked.ok) return checked;
  const id = await insertKpi(deps.db, organizationId, checked.value, deps.now());
  const kpi = await findKpi(deps.db, organizationId, id);
  if (kpi === null) throw new Error('A KPI just made is gone');
  return ok(await wireKpi(deps, kpi));
}

/** A KPI of the organisation, or the refusal every route gives for another organisation's id. */
export async function kpiOf(
  deps: Pick<KpiDeps, 'db'>,
  organizationId: number,
  id: number | null,
): Promise<KpiResult<KpiRecord>> {
  const kpi = id === null ? null : await findKpi(deps.db, organizationId, id);
  return kpi === null ? refuse('not_found', KPI_ERRORS.notFound) : ok(kpi);
}

export async function getKpi(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
): Promise<KpiResult<Kpi>> {
  const found = await kpiOf(deps, organizationId, id);
  return found.ok ? ok(await wireKpi(deps, found.value)) : found;
}

/** Replaces a definition; its period kind and unit stay while it has stored values. */
export async function replaceKpi(
  deps: KpiDeps,
  organizationId: number,
  id: number | null,
  input: KpiInput,
): Promise<KpiResult<Kpi>> {
  const found = await kpiOf(deps, organizationId, id);
  if (!found.ok) return found;
  const checked = await checkDefinition(deps, organizationId, input);
  if (!checked.ok) return checked;
  const kpi = found.value;
  const reshaped = checked.value.period_kind !== kpi.periodKind || checked.value.unit !== kpi.unit;
  if (reshaped && (await hasStoredValues(deps.db, kpi.id)))
    return refuse('conflict', KPI_ERRORS.periodKindFixed);
  if (!(await updateKpi(deps.db, organizationId, kpi.id, checked.value, deps.now())))
    return refuse('not_found', KPI_ERRORS.notFound);
  const updated = await findKpi(deps.db, organizationId, kpi.id);
  return updated === null ? refuse('not_found', KPI_ERRORS.notFound) : ok(await wireKpi(deps, updated));
}

// --- Manual values ------------------------------------------------------------------------------

/** A period key of the KPI's kind that has begun, or the refusal naming the field. */
function periodFor(kind: PeriodKind, key: string, today: string): KpiResult<Period> {
  const period = parsePeriodKey(kind, key);
  if (period === null) return invalid({ period: KPI_MESSAGES.periodKey(kind, key) });
  if (period.start > today) return invalid({ period: KPI_MESSAGES.periodFuture });
  return ok(period);
}

/** A manual KPI, or the refusal for a computed one. */
function manualOnly(kpi: KpiRecord): KpiRefusal | null {
  return kpi.source.type === 'manual' ? null : refuse('conflict', KPI_ERRORS.computed(kpi.source.type));
}

export async function enterValue(
  deps: KpiDeps,
  kpi: KpiRecord,
  periodKey: string,
  input: { readonly value: number; readonly note: string },
  userId: number,
): Promise<KpiResult<KpiValue>> {
  const computed = manualOnly(kpi);
  if (computed !== null) return computed;
  const period = periodFor(kpi.periodKind, periodKey, todayOf(deps));
  const fields: Record<string, string> = period.ok ? {} : { ...period.fields };
  const problem = kpiValueProblem(kpi.unit, input.value);
  if (problem !== null) fields.value = `Waarde: ${problem}.`;
  const note = checkNote(input.note);
  if (!note.ok) fields.note = note.reason;
  if (!period.ok || problem !== null || !note.ok) return invalid(fields);
  const stored = await putValue(deps.db, {
    kpiId: kpi.id,
    period: period.value.key,
    value: input.value,
    note: note.value,
    origin: 'manual',
    userId,
    now: deps.now(),
  });
  return ok(toWireValue(stored));
}

export async function removeValue(
  deps: KpiDeps,
  kpi: KpiRecord,
  periodKey: string,
): Promise<KpiResult<null>> {
  const computed = manualOnly(kpi);
  if (computed !== null) return computed;
  const period = parsePeriodKey(kpi.periodKind, periodKey);
  if (period === null || !(await deleteValue(deps.db, kpi.id, period.key)))
    return refuse('not_found', KPI_ERRORS.valueNotFound);
  return ok(null);
}

/**
 * Imports a manual KPI's values from CSV text: every line checked (core's `readKpiCsv`), every
 * refused one reported with its number and reason. With a refused line nothing is stored unless
 * `skip_invalid`; `dry_run` stores nothing either way. One statement, so never half.
 */
export async function importKpiValues(
  deps: KpiDeps,
  kpi: KpiRecord,
  request: KpiImportRequest,
  userId: number,
): Promise<KpiResult<KpiImportReport>> {
  const computed = manualOnly(kpi);
  if (computed !== null) return computed;
  const read = readKpiCsv(request.csv, { unit: kpi.unit, periodKind: kpi.periodKind, today: todayOf(deps) });
  if (!read.ok) return invalid({ csv: read.detail });
  // Only a value that differs from the stored one (or is new) counts and is written: importing an
  // unchanged export again reports 0 changes (docs/architecture.md, 'KPI values as CSV').
  const { present, unchanged } = await compareWithStored(deps.db, kpi.id, read.accepted);
  const changes = read.accepted.filter((line) => !unchanged.has(line.period));
  const created = changes.filter((line) => !present.has(line.period)).length;
  const updated = changes.length - created;
  const stored =
    !request.dry_run && (read.refused.length === 0 || request.skip_invalid) && read.accepted.length > 0;
  if (stored && changes.length > 0)
    await importValues(deps.db, { kpiId: kpi.id, lines: changes, userId, now: deps.now() });
  const counts = { created, updated, unchanged: unchanged.size };
  return ok({
    stored,
    lines: read.lines,
    ...counts,
    refused: read.refused,
    summary: importSummary({ stored, dryRun: request.dry_run, ...counts, refused: read.refused.length }),
  });
}

// --- The board ----------------------------------------------------------------------------------

export const BOARD_PERIODS_DEFAULT = 12;
export const BOARD_PERIODS_MAX = 36;

/** `periods` of GET /kpis/board: 2–36, 12 when absent. */
export function parseBoardPeriods(raw: string | undefined): KpiResult<number> {
  if (raw === undefined || raw === '') return ok(BOARD_PERIODS_DEFAULT);
  const value = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  return value >= 2 && value <= BOARD_PERIODS_MAX ? ok(value) : invalid({ periods: KPI_ERRORS.periods });
}

const windowsMemo = new Map<string, BoardWindows>();

/** The board's windows for a number of periods on a day (the same for every request that day). */
function windowsOf(periods: number, today: string): BoardWindows {
  const key = `${periods}|${today}`;
  let windows = windowsMemo.get(key);
  if (windows === undefined) {
    if (windowsMemo.size > 100) windowsMemo.clear();
    windows = boardWindows(periods, today);
    windowsMemo.set(key, windows);
  }
  return windows;
}

/**
 * The caller's board: their own choice, else the organisation's default, else every KPI. The
 * index says which KPIs and whether their values changed since they were computed; only the
 * changed ones (and finance KPIs) are computed again, from one more statement.
 */
/**
 * The board as its serialised answer (`serialize` is the route's schema serializer) with its
 * compressed forms, the same again while the board's index and the day are unchanged and no
 * finance KPI is on it.
 */
export async function loadBoardJson(
  deps: KpiDeps,
  organizationId: number,
  userId: number,
  periods: number,
  serialize: (board: KpiBoard) => string | ArrayBuffer | Buffer,
): Promise<EncodedBody> {
  const today = todayOf(deps);
  const scope = `${organizationId}|${userId}|${periods}`;
  // With an answer kept for this board, its stamp alone says whether the answer still holds.
  if (deps.boardResponses.has(scope)) {
    const stamp = await loadBoardStamp(deps.db, organizationId, userId);
    const kept = deps.boardResponses.get(scope, `${today}|${stamp}`);
    if (kept !== undefined) return kept;
  }
  const index = await loadBoardIndex(deps.db, organizationId, userId);
  const keep = index.kpis.every((board) => board.kpi.source.type !== 'finance');
  const key = `${today}|${index.key}`;
  const serialized = serialize(await boardOf(deps, organizationId, index, today, periods));
  const body = new EncodedBody(
    typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as ArrayBuffer),
  );
  if (keep) deps.boardResponses.set(scope, key, body);
  else deps.boardResponses.forget(scope);
  return body;
}

async function boardOf(
  deps: KpiDeps,
  organizationId: number,
  index: BoardIndex,
  today: string,
  periods: number,
): Promise<KpiBoard> {
  const windows = windowsOf(periods, today);
  const window = `${today}|${periods}`;
  const known = new Map<number, ComputedValues>();
  const missing: BoardKpi[] = [];
  for (const board of index.kpis) {
    const cached =
      board.kpi.source.type === 'finance'
        ? undefined
        : deps.boardCache.get(board.kpi.id, KpiValuesCache.keyOf(board, window));
    if (cached === undefined) missing.push(board);
    else known.set(board.kpi.id, cached);
  }
  if (missing.length > 0) {
    const rows = await loadBoardRows(
      deps.db,
      organizationId,
      missing.filter((board) => board.kpi.source.type !== 'finance').map((board) => board.kpi.id),
      windows,
    );
    const requests = missing.map((board) => ({ kpi: board.kpi, periods: windows[board.kpi.periodKind] }));
    const computed = await boardValues(deps, organizationId, requests, rows);
    for (const board of missing) {
      const values = computed.get(board.kpi.id);
      if (values === undefined) continue;
      known.set(board.kpi.id, values);
      if (board.kpi.source.type !== 'finance')
        deps.boardCache.set(board.kpi.id, KpiValuesCache.keyOf(board, window), values);
    }
  }
  const cards = index.kpis.map(({ kpi }) => {
    const result = known.get(kpi.id);
    return kpiCard(
      headingOf(kpi, result?.state ?? 'ok'),
      planOf(kpi),
      windows[kpi.periodKind].slice(1),
      result?.values ?? new Map<string, number>(),
    );
  });
  return { today, periods, personal: index.personal, cards };
}

export async function boardSettings(
  deps: KpiDeps,
  organizationId: number,
  userId: number,
): Promise<KpiBoardSettings> {
  const [kpis, choices] = await Promise.all([
    organizationKpis(deps.db, organizationId),
    boardChoices(deps.db, organizationId, userId),
  ]);
  const ids = kpis.map((kpi) => kpi.id);
  const shown = boardKpiIds(choices.personal, choices.organisation, ids);
  return {
    personal: shown.personal,
    kpi_ids: shown.ids,
    default_kpi_ids: boardKpiIds(null, choices.organisation, ids).ids,
  };
}

/** Stores a board choice: the caller's own (userId) or the organisation's default (null). */
export async function chooseBoard(
  deps: KpiDeps,
  organizationId: number,
  owner: { readonly userId: number; readonly forOrganisation: boolean },
  kpiIds: readonly number[],
): Promise<KpiResult<KpiBoardSettings>> {
  const kpis = await organizationKpis(deps.db, organizationId);
  const checked = checkBoardChoice(kpiIds, new Set(kpis.map((kpi) => kpi.id)));
  if (!checked.ok) return invalid({ kpi_ids: checked.reason });
  await setBoard(
    deps.db,
    organizationId,
    owner.forOrganisation ? null : owner.userId,
    checked.value,
    deps.now(),
  );
  return ok(await boardSettings(deps, organizationId, owner.userId));
}

export async function resetBoard(deps: KpiDeps, organizationId: number, userId: number): Promise<void> {
  await clearBoard(deps.db, organizationId, userId);
}

// --- Advanced: history, comparison, drill-down, export ------------------------------------------

/** Periods of one KPI's kind at most in a range: ten years of weeks. */
const RANGE_PERIODS_MAX = 530;

/** A day of a query, or the refusal naming the parameter. */
function dayParam(field: string, raw: string | undefined, fallback: string): KpiResult<string> {
  if (raw === undefined || raw === '') return ok(fallback);
  return calendarDay(raw) === null ? invalid({ [field]: KPI_ERRORS.day }) : ok(raw);
}

/** `ids` of a query: comma-separated KPI ids of the organisation, at most 100; null: all. */
function idsParam(raw: string | undefined, kpis: readonly KpiRecord[]): KpiResult<KpiRecord[]> {
  if (raw === undefined || raw.trim() === '') return ok([...kpis]);
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.length > 100 || parts.some((part) => !/^\d{1,9}$/.test(part)))
    return invalid({ ids: KPI_ERRORS.ids });
  const byId = new Map(kpis.map((kpi) => [kpi.id, kpi]));
  const chosen = [...new Set(parts.map(Number))].map((id) => byId.get(id));
  if (chosen.some((kpi) => kpi === undefined)) return invalid({ ids: KPI_ERRORS.unknownIds });
  return ok(chosen as KpiRecord[]);
}

/** A range of days, checked; by default the twelve months up to today. */
function rangeParams(
  query: { readonly from?: string; readonly to?: string },
  today: string,
): KpiResult<{ from: string; to: string }> {
  const to = dayParam('to', query.to, today);
  const from = dayParam('from', query.from, `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
  if (!to.ok || !from.ok) return invalid({ ...(from.ok ? {} : from.fields), ...(to.ok ? {} : to.fields) });
  if (from.value > to.value) return invalid({ to: KPI_ERRORS.range });
  if (periodsBetween('week', from.value, to.value).length > RANGE_PERIODS_MAX)
    return invalid({ from: KPI_ERRORS.rangeTooLong });
  return ok({ from: from.value, to: to.value });
}

export async function loadHistory(
  deps: KpiDeps,
  organizationId: number,
  query: { readonly from?: string; readonly to?: string; readonly ids?: string },
): Promise<KpiResult<KpiHistory>> {
  const range = rangeParams(query, todayOf(deps));
  const kpis = await organizationKpis(deps.db, organizationId);
  const chosen = idsParam(query.ids, kpis);
  if (!range.ok) return range;
  if (!chosen.ok) return chosen;
  const requests: ValueRequest[] = chosen.value.map((kpi) => ({
    kpi,
    periods: periodsBetween(kpi.periodKind, range.value.from, range.value.to),
  }));
  const computed = await computeKpiValues(deps, organizationId, requests);
  return ok({
    from: range.value.from,
    to: range.value.to,
    items: requests.map(({ kpi, periods }) => {
      const result = computed.get(kpi.id);
      return {
        kpi: headingOf(kpi, result?.state ?? 'ok'),
        points: kpiPoints(planOf(kpi), periods, result?.values ?? new Map()),
      };
    }),
  });
}

export async function loadComparison(
  deps: KpiDeps,
  organizationId: number,
  query: { readonly a?: string; readonly b?: string; readonly ids?: string },
): Promise<KpiResult<KpiComparison>> {
  const today = todayOf(deps);
  const a = dayParam('a', query.a, today);
  const b = dayParam('b', query.b, `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
  const kpis = await organizationKpis(deps.db, organizationId);
  const chosen = idsParam(query.ids, kpis);
  if (!a.ok || !b.ok) return invalid({ ...(a.ok ? {} : a.fields), ...(b.ok ? {} : b.fields) });
  if (!chosen.ok) return chosen;
  const requests: ValueRequest[] = chosen.value.map((kpi) => {
    const [first, second] = [periodOf(kpi.periodKind, a.value), periodOf(kpi.periodKind, b.value)];
    return {
      kpi,
      periods:
        first.key === second.key ? [first] : first.key < second.key ? [first, second] : [second, first],
    };
  });
  const computed = await computeKpiValues(deps, organizationId, requests);
  return ok({
    a: a.value,
    b: b.value,
    items: chosen.value.map((kpi) => {
      const result = computed.get(kpi.id);
      const values = result?.values ?? new Map<string, number>();
      const pointA = kpiPoint(
        planOf(kpi),
        periodOf(kpi.periodKind, a.value),
        values.get(periodOf(kpi.periodKind, a.value).key) ?? null,
      );
      const pointB = kpiPoint(
        planOf(kpi),
        periodOf(kpi.periodKind, b.value),
        values.get(periodOf(kpi.periodKind, b.value).key) ?? null,
      );
      return {
        kpi: headingOf(kpi, result?.state ?? 'ok'),
        a: pointA,
        b: pointB,
        ...comparePoints(kpi.direction, pointA, pointB),
      };
    }),
  });
}

/** The periods of a KPI's drill-down or export: the range asked, else its values' range, else the last 36. */
async function periodsOfRange(
  deps: KpiDeps,
  kpi: KpiRecord,
  query: { readonly from?: string; readonly to?: string },
): Promise<KpiResult<{ from: string; to: string; periods: Period[] }>> {
  const today = todayOf(deps);
  let fallbackFrom = lastPeriods(kpi.periodKind, BOARD_PERIODS_MAX, today)[0]?.start ?? today;
  if (kpi.source.type === 'manual') {
    const first = await firstStoredPeriod(deps.db, kpi.id);
    const period = first === null ? null : parsePeriodKey(kpi.periodKind, first);
    if (period !== null && period.start < fallbackFrom) fallbackFrom = period.start;
  }
  const range = rangeParams(
    { from: query.from ?? fallbackFrom, ...(query.to === undefined ? {} : { to: query.to }) },
    today,
  );
  if (!range.ok) return range;
  return ok({ ...range.value, periods: periodsBetween(kpi.periodKind, range.value.from, range.value.to) });
}

/** Every period of the range with its value, target, status, note, who and where from; newest first. */
export async function loadDrillDown(
  deps: KpiDeps,
  kpi: KpiRecord,
  query: { readonly from?: string; readonly to?: string },
): Promise<KpiResult<KpiDrillDown>> {
  const range = await periodsOfRange(deps, kpi, query);
  if (!range.ok) return range;
  const { periods } = range.value;
  const [computed, stored] = await Promise.all([
    computeKpiValues(deps, kpi.organizationId, [{ kpi, periods }]),
    kpi.source.type === 'manual' && periods.length > 0
      ? storedValuesBetween(deps.db, kpi.id, (periods[0] as Period).key, (periods.at(-1) as Period).key)
      : Promise.resolve([] as StoredValue[]),
  ]);
  const result = computed.get(kpi.id);
  const entries = new Map(stored.map((entry) => [entry.period, entry]));
  const rows: KpiDrillDownRow[] = kpiPoints(planOf(kpi), periods, result?.values ?? new Map())
    .map((point) => {
      const entry = entries.get(point.period);
      return {
        ...point,
        note: entry?.note ?? '',
        origin: kpi.source.type === 'manual' ? (entry?.origin ?? 'manual') : kpi.source.type,
        entered_by: entry?.enteredBy ?? null,
        entered_at: entry?.enteredAt.toISOString() ?? null,
      };
    })
    .reverse();
  return ok({ kpi: toWireKpi(kpi, result?.state ?? 'ok'), from: range.value.from, to: range.value.to, rows });
}

/** The rows of a KPI's CSV export: every period of the range that has a value, oldest first. */
export async function exportRows(
  deps: KpiDeps,
  kpi: KpiRecord,
  query: { readonly from?: string; readonly to?: string },
) {
  const drillDown = await loadDrillDown(deps, kpi, query);
  if (!drillDown.ok) return drillDown;
  return ok(
    drillDown.value.rows
      .filter((row) => row.value !== null)
      .reverse()
      .map((row) => ({
        period: row.period,
        periodName: periodName(parsePeriodKey(kpi.periodKind, row.period) as Period),
        value: row.value,
        target: row.target,
        status: row.status,
        note: row.note,
        enteredBy: row.entered_by?.name ?? null,
        enteredAt: row.entered_at === null ? null : formatTimestamp(row.entered_at, { seconds: false }),
      })),
  );
}
