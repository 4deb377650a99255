import {
  CONTACT_IMPORT_FIELDS,
  type ContactImportField,
  DUPLICATE_POLICIES,
  type DuplicatePolicy,
  FILE_DUPLICATE_CHOICES,
} from '@loop/core';
import {
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_START,
  type ContactImportEvent,
  type ContactImportSession,
  contactImportProgress,
  contactImportReport,
  contactImportStep,
  DELIMITER_LABELS,
  duplicateLinesText,
  duplicatesIntro,
  duplicatesToFind,
  ENCODING_LABELS,
  FILE_DUPLICATE_LABELS,
  isContactImportBusy,
  mappedSample,
  withMappedField,
} from '@loop/core/contactsScreen';
import { formatCount } from '@loop/core/format';
import { useCallback, useEffect, useId, useReducer, useRef } from 'react';
import { useNotices } from '../app/useServices';
import { type CsvColumnChoice, CsvColumnFields } from '../forms/CsvColumnFields';
import { FormAlert } from '../forms/FormAlert';
import { TableScroll } from '../shell/TableScroll';
import { useContactsChanged, useContactsUseCases } from './useContacts';

const CHOICES: readonly CsvColumnChoice<ContactImportField>[] = [
  'email' as const,
  ...CONTACT_IMPORT_FIELDS.filter((field) => field !== 'email'),
].map((key) => ({ key, label: CONTACT_IMPORT_FIELD_LABELS[key], required: key === 'email' }));

const POLICY_LABELS: Readonly<Record<DuplicatePolicy, string>> = {
  update: 'Bestaande contacten bijwerken',
  skip: 'Overslaan',
};

/**
 * Importing contacts from a CSV file (core's import state machine): the server reads the file in a
 * dry run and says how (encoding, separator, rows); the columns are mapped with the first rows read
 * through the choice; then what happens to addresses that are already contacts and, when an address
 * is on more than one row, which row counts (the rows listed with their line numbers); then the
 * import runs at the server with a progress bar (its state asked for every half second), and ends in
 * a report with every refused row by line and reason.
 */
export function ContactImportPanel({ onClose }: { onClose: () => void }) {
  const notices = useNotices();
  const contacts = useContactsUseCases();
  const changed = useContactsChanged();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [state, dispatch] = useReducer(contactImportStep, CONTACT_IMPORT_START);
  // The latest state for the handlers below, which act on the step an event leads to.
  const current = useRef<ContactImportSession>(state);
  current.current = state;
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);

  const send = useCallback((event: ContactImportEvent): ContactImportSession => {
    const next = contactImportStep(current.current, event);
    current.current = next;
    dispatch(event);
    return next;
  }, []);

  async function choose(file: File | undefined) {
    if (file === undefined) return;
    const next = send({ type: 'file', file: { name: file.name, content: file } });
    if (next.step !== 'reading') return;
    const preview = await contacts.previewImport(next.file);
    if (gone.current) return;
    send(
      preview.ok
        ? { type: 'previewed', preview: preview.value }
        : { type: 'failed', message: preview.detail },
    );
  }

  // Another e-mail column (or header choice) than the dry run read: its repeated addresses are asked for.
  const toFind = duplicatesToFind(state);
  useEffect(() => {
    const asked = current.current;
    if (toFind === null || asked.step !== 'mapping') return;
    let live = true;
    void contacts.previewImport(asked.file, asked.mapping).then((answer) => {
      if (!live || gone.current) return;
      send(
        answer.ok
          ? { type: 'duplicatesFound', for: toFind, duplicates: answer.value.duplicates }
          : { type: 'duplicatesFound', for: toFind, duplicates: null, failed: answer.detail },
      );
    });
    return () => {
      live = false;
    };
  }, [toFind, contacts, send]);

  async function start() {
    const next = send({ type: 'start' });
    if (next.step !== 'starting') return;
    const started = await contacts.startImport(
      next.file,
      next.mapping,
      next.onDuplicate,
      next.fileDuplicates,
    );
    if (gone.current) return;
    if (!started.ok) {
      send({ type: 'failed', message: started.detail });
      return;
    }
    send({ type: 'progress', run: started.value });
    const last = await contacts.followImport(
      started.value,
      (run) => {
        if (!gone.current) send({ type: 'progress', run });
      },
      () => gone.current,
    );
    if (gone.current) return;
    if (!last.ok) send({ type: 'failed', message: last.detail });
    else if (last.value.state === 'done') notices.success(contactImportReport(last.value).headline);
    changed();
  }

  function again() {
    send({ type: 'reset' });
    if (fileInput.current) fileInput.current.value = '';
  }

  const busy = isContactImportBusy(state);

  return (
    <section className="panel contacts-import" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Contacten importeren</h2>
      {state.step === 'choose' || state.step === 'reading' ? (
        <>
          <p>
            Kies een CSV-bestand met een rij per contact, bijvoorbeeld opgeslagen vanuit Excel als 'CSV
            (gescheiden door lijstscheidingsteken)'. In de volgende stap kies je welke kolom wat bevat.
          </p>
          <div className="field">
            <label htmlFor={`${id}-file`}>CSV-bestand</label>
            <input
              id={`${id}-file`}
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </div>
          <div role="status" aria-live="polite">
            {state.step === 'reading' ? <p>{state.file.name} wordt gelezen...</p> : null}
          </div>
          <FormAlert message={state.step === 'choose' ? state.error : null} />
          <div className="row-actions">
            <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
              Sluiten
            </button>
          </div>
        </>
      ) : state.step === 'mapping' || state.step === 'starting' ? (
        <>
          <p data-testid="import-detected">
            {state.file.name}: {formatCount(state.preview.rows)} {state.preview.rows === 1 ? 'rij' : 'rijen'},
            gelezen als {ENCODING_LABELS[state.preview.encoding]} met{' '}
            {DELIMITER_LABELS[state.preview.delimiter]} als scheidingsteken.
          </p>
          <fieldset className="contacts-mapping">
            <legend>Kolommen van het CSV-bestand</legend>
            <CsvColumnFields
              firstRow={state.preview.headers}
              hasHeader={state.mapping.has_header !== false}
              onHasHeader={(has_header) =>
                send({
                  type: 'mapping',
                  // Columns are named by header or by number: the other way, the choices start again.
                  mapping: {
                    ...state.mapping,
                    has_header,
                    fields: has_header ? state.preview.mapping.fields : {},
                  },
                })
              }
              choices={CHOICES}
              column={(key) => state.mapping.fields[key] ?? ''}
              onColumn={(key, column) =>
                send({ type: 'mapping', mapping: withMappedField(state.mapping, key, column) })
              }
              className="contacts-mapping-grid"
            />
            <h3>Voorbeeld van de eerste rijen</h3>
            <TableScroll
              label="Voorbeeld van de import"
              columns={['Naam', 'E-mail', 'Organisatie', 'Plaats']}
            >
              {mappedSample(state.preview, state.mapping).map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the sample's rows have no other identity
                <tr key={index}>
                  <td>{row.name}</td>
                  <td>{row.email}</td>
                  <td>{row.company}</td>
                  <td>{row.city}</td>
                </tr>
              ))}
            </TableScroll>
          </fieldset>
          <fieldset className="contacts-duplicates">
            <legend>Als een e-mailadres al een contact is</legend>
            {DUPLICATE_POLICIES.map((policy) => (
              <label className="checkbox" key={policy}>
                <input
                  type="radio"
                  name={`${id}-duplicates`}
                  value={policy}
                  checked={state.onDuplicate === policy}
                  disabled={busy}
                  onChange={() => send({ type: 'duplicates', policy })}
                />{' '}
                {POLICY_LABELS[policy]}
              </label>
            ))}
          </fieldset>
          <RepeatedAddresses
            state={state}
            busy={busy}
            onChoose={(choice) => send({ type: 'fileDuplicates', choice })}
          />
          <FormAlert message={state.error} />
          <div className="row-actions">
            <button
              type="button"
              className="button"
              disabled={busy || toFind !== null}
              aria-busy={busy || undefined}
              onClick={() => void start()}
            >
              {state.step === 'starting' ? 'Bezig met starten...' : 'Import starten'}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={again}>
              Ander bestand kiezen
            </button>
          </div>
        </>
      ) : (
        'run' in state && <ImportRun state={state} onAgain={again} onClose={onClose} />
      )}
    </section>
  );
}

/**
 * The addresses on more than one row of the file, each with its lines, and the choice which row
 * counts ('Eerste regel telt' or 'Laatste regel telt'; nothing chosen until the person chooses).
 */
function RepeatedAddresses({
  state,
  busy,
  onChoose,
}: {
  state: Extract<ContactImportSession, { step: 'mapping' | 'starting' }>;
  busy: boolean;
  onChoose: (choice: (typeof FILE_DUPLICATE_CHOICES)[number]) => void;
}) {
  const id = useId();
  const searching = duplicatesToFind(state) !== null;
  const intro = searching ? null : duplicatesIntro(state.duplicates);
  return (
    <div role="status" aria-live="polite">
      {searching ? (
        <p>Het bestand wordt nagekeken op e-mailadressen die op meer dan één regel staan...</p>
      ) : null}
      {intro !== null && state.duplicates !== null ? (
        <fieldset className="contacts-file-duplicates" data-testid="import-file-duplicates">
          <legend>E-mailadressen op meer dan één regel</legend>
          <p>{intro}</p>
          <ul>
            {state.duplicates.items.map((item) => (
              <li key={item.email}>{duplicateLinesText(item)}</li>
            ))}
          </ul>
          {FILE_DUPLICATE_CHOICES.map((choice) => (
            <label className="checkbox" key={choice}>
              <input
                type="radio"
                name={`${id}-file-duplicates`}
                value={choice}
                checked={state.fileDuplicates === choice}
                disabled={busy}
                onChange={() => onChoose(choice)}
              />{' '}
              {FILE_DUPLICATE_LABELS[choice]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** The running import's progress bar, then its report. */
function ImportRun({
  state,
  onAgain,
  onClose,
}: {
  state: Extract<ContactImportSession, { step: 'running' | 'done' }>;
  onAgain: () => void;
  onClose: () => void;
}) {
  const progress = contactImportProgress(state.run);
  const report = contactImportReport(state.run);
  return (
    <>
      <div role="status" aria-live="polite" className="contacts-progress" data-testid="import-progress">
        <p>
          {state.step === 'running' ? `${state.file.name} wordt geïmporteerd: ` : ''}
          {progress.text}
        </p>
        <progress max={progress.max} value={progress.value} aria-label="Voortgang van de import" />
      </div>
      {state.step === 'done' ? (
        <div
          className={state.run.state === 'done' ? 'alert alert-success' : 'alert alert-error'}
          data-testid="import-report"
        >
          <p>
            <strong>{report.headline}</strong>
          </p>
          <ul>
            {report.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {state.run.refusals.length > 0 ? (
            <TableScroll label="Geweigerde rijen" columns={['Regel', 'Reden']}>
              {state.run.refusals.map((refusal) => (
                <tr key={`${refusal.line}:${refusal.reason}`}>
                  <td>{refusal.line}</td>
                  <td>{refusal.reason}</td>
                </tr>
              ))}
            </TableScroll>
          ) : null}
          <div className="row-actions">
            <button type="button" className="button button-secondary" onClick={onAgain}>
              Nog een bestand importeren
            </button>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Sluiten
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
