import type { ApiResult, Kpi, KpiBoardSettings } from '@loop/core';
import { type BoardChoiceEntry, boardChoiceEntries, boardChoiceIds, moveEntry } from '@loop/core/kpis';
import { useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FormAlert } from '../forms/FormAlert';
import { LoadFailed, Loading } from '../routing/Loading';
import { SortableList, type SortableWords } from '../shell/SortableList';
import { DialogNote, KpiDialog } from './KpiDialog';
import { useBoardSettings, useKpiList, useKpisChanged } from './useKpis';

/**
 * 'Bord aanpassen': which KPIs are on the member's board and in what order. A checkbox per KPI;
 * the order by dragging (mouse, touch or keyboard) or the 'Omhoog'/'Omlaag' buttons. Saved as the
 * member's own board, back to the organisation's default, or (with kpis.manage) as that default.
 */
export function BoardChoiceDialog({ canManage, onClose }: { canManage: boolean; onClose: () => void }) {
  return (
    <KpiDialog title="Bord aanpassen" onClose={onClose}>
      <BoardChoice canManage={canManage} onClose={onClose} />
    </KpiDialog>
  );
}

function BoardChoice({ canManage, onClose }: { canManage: boolean; onClose: () => void }) {
  const list = useKpiList();
  const settings = useBoardSettings();
  const failed = list.error ?? settings.error;
  if (failed)
    return (
      <LoadFailed
        message={failed}
        onRetry={() => {
          list.reload();
          settings.reload();
        }}
      />
    );
  if (list.value === null || settings.value === null) return <Loading />;
  return (
    <BoardChoiceForm
      kpis={list.value.items}
      settings={settings.value}
      canManage={canManage}
      onClose={onClose}
    />
  );
}

type Action = 'own' | 'reset' | 'default';

function BoardChoiceForm({
  kpis,
  settings,
  canManage,
  onClose,
}: {
  kpis: readonly Kpi[];
  settings: KpiBoardSettings;
  canManage: boolean;
  onClose: () => void;
}) {
  const notices = useNotices();
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const changed = useKpisChanged();
  const [entries, setEntries] = useState<BoardChoiceEntry[]>(() =>
    boardChoiceEntries(kpis, settings.kpi_ids),
  );
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  if (kpis.length === 0)
    return <DialogNote onClose={onClose}>Er zijn nog geen KPI's om op het bord te zetten.</DialogNote>;

  const items = entries.map((entry) => ({ ...entry, id: String(entry.id) }));
  const words: SortableWords = {
    noun: 'de KPI',
    name: (index) => `KPI '${entries[index]?.name ?? ''}'`,
    handleLabel: (index) => `${entries[index]?.name ?? 'KPI'} verslepen`,
    roleDescription: 'versleepbare KPI',
  };

  const move = (from: number, to: number) => {
    const entry = entries[from];
    if (!entry || to < 0 || to >= entries.length) return;
    setEntries(moveEntry(entries, from, to));
    setAnnouncement(`KPI '${entry.name}' staat nu op plaats ${to + 1} van ${entries.length}.`);
  };

  async function run(action: Action) {
    if (busy) return;
    setBusy(action);
    setError(null);
    const ids = boardChoiceIds(entries);
    const result: ApiResult<unknown> =
      action === 'own'
        ? await gateway.chooseBoard(ids)
        : action === 'reset'
          ? await gateway.resetBoard()
          : await gateway.chooseDefaultBoard(ids);
    setBusy(null);
    if (!result.ok) {
      setError(result.detail);
      return;
    }
    changed();
    notices.success(
      action === 'own'
        ? 'Je bord is opgeslagen.'
        : action === 'reset'
          ? 'Je ziet weer het standaardbord van de organisatie.'
          : 'Het standaardbord van de organisatie is opgeslagen.',
    );
    onClose();
  }

  return (
    <div className="board-choice">
      <p id="board-choice-help" className="field-hint">
        Vink de KPI's aan die je op je bord wilt zien. Versleep ze of gebruik 'Omhoog' en 'Omlaag' om de
        volgorde te kiezen. {settings.personal ? 'Je hebt een eigen bord.' : 'Je ziet nu het standaardbord.'}
      </p>
      <SortableList
        items={items}
        label="KPI's op het bord"
        words={words}
        announcement={announcement}
        listClassName="board-choice-list"
        itemClassName="board-choice-item"
        onMove={(id, to) =>
          move(
            entries.findIndex((entry) => String(entry.id) === id),
            to,
          )
        }
        renderItem={(item, index, handle) => (
          <div className="board-choice-row">
            {handle}
            <label className="board-choice-label">
              <input
                type="checkbox"
                className="board-choice-check"
                checked={item.chosen}
                onChange={(event) =>
                  setEntries(
                    entries.map((entry, at) =>
                      at === index ? { ...entry, chosen: event.target.checked } : entry,
                    ),
                  )
                }
              />
              {item.name}
            </label>
            <button
              type="button"
              className="icon-button"
              aria-label={`${item.name} omhoog`}
              title="Omhoog"
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`${item.name} omlaag`}
              title="Omlaag"
              disabled={index === entries.length - 1}
              onClick={() => move(index, index + 1)}
            >
              <span aria-hidden="true">↓</span>
            </button>
          </div>
        )}
      />
      <FormAlert message={error} />
      <div className="actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void run('own')}>
          {busy === 'own' ? 'Opslaan…' : 'Bord opslaan'}
        </button>
        {settings.personal ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => void run('reset')}
          >
            {busy === 'reset' ? 'Herstellen…' : 'Standaardbord herstellen'}
          </button>
        ) : null}
        {canManage ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => void run('default')}
          >
            {busy === 'default' ? 'Opslaan…' : 'Opslaan als standaardbord'}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" disabled={busy !== null} onClick={onClose}>
          Annuleren
        </button>
      </div>
    </div>
  );
}
