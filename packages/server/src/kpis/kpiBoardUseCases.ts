import type { KpiBoard, KpiBoardSettings } from '@loop/core';
import { boardKpiIds, checkBoardChoice, kpiCard } from '@loop/core/kpis';
import { EncodedBody } from '../http/contentEncoding';
import { KpiValuesCache } from './boardCache';
import {
  type BoardIndex,
  type BoardKpi,
  type BoardWindows,
  boardWindows,
  loadBoardIndex,
  loadBoardRows,
  loadBoardStamp,
} from './boardData';
import { boardValues, type ComputedValues } from './kpiComputation';
import { boardChoices, clearBoard, organizationKpis, setBoard } from './kpiStore';
import {
  BOARD_PERIODS_DEFAULT,
  BOARD_PERIODS_MAX,
  headingOf,
  invalid,
  KPI_ERRORS,
  type KpiDeps,
  type KpiResult,
  ok,
  planOf,
  todayOf,
} from './kpiUseCases';

/** The KPI board and who chose what it shows, as functions of their deps (no HTTP). */

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
 * finance KPI is on it. `periods` is the query's text (parseBoardPeriods).
 */
export async function loadBoardJson(
  deps: KpiDeps,
  organizationId: number,
  userId: number,
  rawPeriods: string | undefined,
  serialize: (board: KpiBoard) => string | ArrayBuffer | Buffer,
): Promise<KpiResult<EncodedBody>> {
  const parsed = parseBoardPeriods(rawPeriods);
  if (!parsed.ok) return parsed;
  const periods = parsed.value;
  const today = todayOf(deps);
  const scope = `${organizationId}|${userId}|${periods}`;
  // With an answer kept for this board, its stamp alone says whether the answer still holds.
  if (deps.boardResponses.has(scope)) {
    const stamp = await loadBoardStamp(deps.db, organizationId, userId);
    const kept = deps.boardResponses.get(scope, `${today}|${stamp}`);
    if (kept !== undefined) return ok(kept);
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
  return ok(body);
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
  await deps.db.transaction((tx) =>
    setBoard(tx, organizationId, owner.forOrganisation ? null : owner.userId, checked.value, deps.now()),
  );
  return ok(await boardSettings(deps, organizationId, owner.userId));
}

export async function resetBoard(deps: KpiDeps, organizationId: number, userId: number): Promise<void> {
  await clearBoard(deps.db, organizationId, userId);
}
