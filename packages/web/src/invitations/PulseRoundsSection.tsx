import type { RoundAction, RoundIntervalUnit, SurveyRounds } from '@loop/core';
import { formatCount, formatDayTime, isoDay } from '@loop/core/format';
import {
  ROUND_SCHEDULE_STATE_LABELS,
  ROUND_STATE_LABELS,
  type RoundForm,
  rhythmText,
} from '@loop/core/invitations';
import { useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useClock, useNotices } from '../app/useServices';
import { LoadFailed, Loading } from '../routing/Loading';
import { useQuery } from '../shared/useQuery';
import { TableScroll } from '../shell/TableScroll';

const COLUMNS = ['Ronde', 'Gepland', 'Status', 'Uitgenodigd', 'Overgeslagen', 'Ingevuld'] as const;
const DAY_MS = 86_400_000;

const ACTION_LABELS: Readonly<Record<RoundAction, string>> = {
  pause: 'Pauzeren',
  resume: 'Hervatten',
  skip: 'Volgende ronde overslaan',
  end: 'Rondes beëindigen',
};

const ACTION_DONE: Readonly<Record<RoundAction, string>> = {
  pause: 'De rondes zijn gepauzeerd.',
  resume: 'De rondes lopen weer.',
  skip: 'De volgende ronde wordt overgeslagen.',
  end: 'De rondes zijn beëindigd.',
};

/**
 * 'Herhalen in rondes' (R-ROUND-1, R-ROUND-7): the survey sent again every N weeks or months to a
 * segment or all contacts, each round with its own invitations and reminders; the rounds with their
 * state and counts; pause, resume, skip the next round, or end. Only for an open survey.
 */
export function PulseRoundsSection({ surveyId, open }: { surveyId: number; open: boolean }) {
  const id = useId();
  const clock = useClock();
  const notices = useNotices();
  const roundsUseCases = useAsyncInjection(TOKENS.RoundUseCases);
  const contacts = useAsyncInjection(TOKENS.ContactsUseCases);
  const rounds = useQuery(`rounds:${surveyId}`, () => roundsUseCases.rounds(surveyId));
  const segments = useQuery('contact-segments', () => contacts.segments());
  const [form, setForm] = useState<RoundForm>(() => ({
    unit: 'month',
    count: '1',
    segmentId: '',
    startDay: isoDay(clock.now() + DAY_MS),
    startTime: '09:00',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  const value: SurveyRounds | null = rounds.value;
  const schedule = value?.schedule ?? null;
  const running = schedule !== null && schedule.state !== 'ended';
  const segmentName = (segmentId: number | null) =>
    segmentId === null
      ? 'alle contacten'
      : `segment ${segments.value?.find((segment) => segment.id === segmentId)?.name ?? segmentId}`;

  const save = async () => {
    setBusy(true);
    const result = await roundsUseCases.schedule(surveyId, form);
    setBusy(false);
    if (!result.ok) {
      setErrors(
        Object.keys(result.fields).length > 0 ? { ...result.fields } : { form: result.message ?? '' },
      );
      return;
    }
    setErrors({});
    setEditing(false);
    notices.success('De rondes zijn ingesteld.');
    rounds.reload();
  };

  const act = async (action: RoundAction) => {
    setBusy(true);
    const result = await roundsUseCases.control(surveyId, action);
    setBusy(false);
    if (result.ok) {
      notices.success(ACTION_DONE[action]);
      rounds.reload();
    } else notices.error(result.detail);
  };

  const field = (name: keyof typeof errors) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  const scheduleForm = (
    <form
      className="round-form"
      aria-label="Rondes instellen"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field-row">
        <div className="field field-narrow">
          <label htmlFor={`${id}-count`}>Elke</label>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={12}
            value={form.count}
            onChange={(event) => setForm({ ...form, count: event.target.value })}
            {...described('interval_count')}
          />
          {field('interval_count')}
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-unit`}>Eenheid</label>
          <select
            id={`${id}-unit`}
            value={form.unit}
            onChange={(event) => setForm({ ...form, unit: event.target.value as RoundIntervalUnit })}
          >
            <option value="week">weken</option>
            <option value="month">maanden</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-segment`}>Aan</label>
          <select
            id={`${id}-segment`}
            value={form.segmentId}
            onChange={(event) => setForm({ ...form, segmentId: event.target.value })}
          >
            <option value="">Alle contacten</option>
            {(segments.value ?? []).map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name} ({formatCount(segment.contact_count)})
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field-row">
        <div className="field field-narrow">
          <label htmlFor={`${id}-day`}>Eerste ronde op</label>
          <input
            id={`${id}-day`}
            type="date"
            value={form.startDay}
            onChange={(event) => setForm({ ...form, startDay: event.target.value })}
            {...described('start_at')}
          />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-time`}>om</label>
          <input
            id={`${id}-time`}
            type="time"
            value={form.startTime}
            onChange={(event) => setForm({ ...form, startTime: event.target.value })}
            {...described('start_at')}
          />
        </div>
      </div>
      {field('start_at')}
      {field('form')}
      <p className="field-hint">
        Elke ronde krijgt eigen uitnodigingen en herinneringen; de contactregel geldt over alle rondes heen.
        Tijden zijn Nederlandse tijd.
      </p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Opslaan…' : running ? 'Schema opslaan' : 'Rondes starten'}
        </button>
        {editing ? (
          <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
            Annuleren
          </button>
        ) : null}
      </div>
    </form>
  );

  return (
    <section className="panel pulse-rounds" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Herhalen in rondes</h2>
      {rounds.error ? <LoadFailed message={rounds.error} onRetry={rounds.reload} /> : null}
      {value === null ? (
        rounds.error ? null : (
          <Loading text="Rondes laden…" />
        )
      ) : (
        <>
          {schedule !== null ? (
            <p role="status">
              {rhythmText(schedule.interval_unit, schedule.interval_count)} aan{' '}
              {segmentName(schedule.segment_id)}
              {' · '}
              <span className={`status-badge round-${schedule.state}`}>
                {ROUND_SCHEDULE_STATE_LABELS[schedule.state]}
              </span>
            </p>
          ) : (
            <p>Stuur deze survey steeds opnieuw, bijvoorbeeld elke maand, om de ontwikkeling te volgen.</p>
          )}
          {running ? (
            <fieldset className="form-actions round-actions">
              <legend className="visually-hidden">Rondes bedienen</legend>
              {schedule.state === 'active' ? (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() => void act('pause')}
                >
                  {ACTION_LABELS.pause}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() => void act('resume')}
                >
                  {ACTION_LABELS.resume}
                </button>
              )}
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void act('skip')}
              >
                {ACTION_LABELS.skip}
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                onClick={() => void act('end')}
              >
                {ACTION_LABELS.end}
              </button>
              {editing ? null : (
                <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
                  Schema wijzigen
                </button>
              )}
            </fieldset>
          ) : null}
          {open && (!running || editing) ? scheduleForm : null}
          {!open && !running ? (
            <p className="alert alert-info">Rondes kunnen alleen bij een geopende survey.</p>
          ) : null}
          {value.rounds.length > 0 ? (
            <TableScroll label="Rondes" columns={COLUMNS} cards>
              {value.rounds.map((round) => (
                <tr key={round.id}>
                  <td>Ronde {round.number}</td>
                  <td>{formatDayTime(round.sent_at ?? round.due_at)}</td>
                  <td>
                    <span className={`status-badge round-${round.state}`}>
                      {ROUND_STATE_LABELS[round.state]}
                    </span>
                    {round.note ? <div className="muted">{round.note}</div> : null}
                  </td>
                  <td>{formatCount(round.invited)}</td>
                  <td>{formatCount(round.skipped)}</td>
                  <td>{formatCount(round.completed)}</td>
                </tr>
              ))}
            </TableScroll>
          ) : null}
        </>
      )}
    </section>
  );
}
