import type { Survey } from '@loop/core';
import { isAnswerable } from '@loop/core/surveys/model';
import {
  type CreatedResultsLink,
  RESULTS_LINK_MESSAGES,
  RESULTS_LINK_PASSWORD_MIN_LENGTH,
  SHARED_OPEN_ANSWERS_MIN_RESPONSES,
} from '@loop/core/surveys/results';
import { useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { Field } from '../../forms/Field';
import { Form } from '../../forms/Form';
import { FieldError } from '../../forms/FormAlert';
import { useForm } from '../../forms/useForm';
import { LoadFailed, Loading } from '../../routing/Loading';
import { ShownOnce } from '../../shared/ShownOnce';
import { useQuery } from '../../shared/useQuery';

const OPEN_TYPES: ReadonlySet<string> = new Set(['open_short', 'open_long']);

/**
 * 'Resultaten delen' on the results page (R-SHARE-1 to R-SHARE-5): a read-only link to chosen
 * questions of a period, with an optional password and open answers only when chosen; the link's
 * address is shown once (the server keeps only its hash). The list says which links still work and
 * revokes one at once. Making and revoking need `results.export` (`canShare`).
 */
export function ResultsLinksPanel({
  survey,
  completed,
  canShare,
}: {
  readonly survey: Survey;
  /** Submitted responses (for the anonymity hint; the server decides). */
  readonly completed: number;
  readonly canShare: boolean;
}) {
  const links = useAsyncInjection(TOKENS.ResultsLinksUseCases);
  const list = useQuery(`results-links:${survey.id}`, () => links.list(survey.id));
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const revoke = async (linkId: number) => {
    const revoked = await links.revoke(survey.id, linkId);
    setRevokeError(revoked.ok ? null : revoked.detail);
    list.reload();
  };

  return (
    <section className="panel results-links" aria-labelledby="results-links-heading">
      <h2 id="results-links-heading">Resultaten delen</h2>
      <p className="field-hint">
        Een alleen-lezen link naar de resultaten, voor wie geen account heeft: in de huisstijl van je
        organisatie, niet vindbaar in zoekmachines. Intrekken werkt meteen.
      </p>
      {canShare ? <ResultsLinkForm survey={survey} completed={completed} onCreated={list.reload} /> : null}
      <h3>Gemaakte links</h3>
      {revokeError ? (
        <p className="alert alert-error" role="alert">
          {revokeError}
        </p>
      ) : null}
      {list.value === null ? (
        list.error ? (
          <LoadFailed message={list.error} onRetry={list.reload} />
        ) : (
          <Loading />
        )
      ) : list.value.length === 0 ? (
        <p>Er zijn nog geen resultatenlinks.</p>
      ) : (
        <ul className="results-link-list">
          {list.value.map((row) => (
            <li key={row.id} data-testid="results-link" data-revoked={row.revoked}>
              <strong>{row.title}</strong>
              <span className="field-hint"> {row.details}</span>
              <br />
              <span>{row.statusText}</span>{' '}
              {canShare && !row.revoked ? (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => void revoke(row.id)}
                >
                  Intrekken<span className="visually-hidden"> ({row.title})</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultsLinkForm({
  survey,
  completed,
  onCreated,
}: {
  readonly survey: Survey;
  readonly completed: number;
  readonly onCreated: () => void;
}) {
  const links = useAsyncInjection(TOKENS.ResultsLinksUseCases);
  const questions = survey.questions.filter(isAnswerable);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () =>
      new Set(questions.filter((question) => !OPEN_TYPES.has(question.type)).map((question) => question.id)),
  );
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [openAnswers, setOpenAnswers] = useState(false);
  const [password, setPassword] = useState('');
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedResultsLink | null>(null);
  const openLocked = survey.anonymous && completed < SHARED_OPEN_ANSWERS_MIN_RESPONSES;
  const form = useForm({
    action: () =>
      links.create(survey.id, {
        questionIds: questions.map((question) => question.id).filter((id) => chosen.has(id)),
        from,
        to,
        openAnswers: openAnswers && !openLocked,
        password,
        label,
      }),
    onSuccess: (value: CreatedResultsLink) => {
      setCreated(value);
      setPassword('');
      onCreated();
    },
  });
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="subpanel">
      <h3>Nieuwe link maken</h3>
      <Form form={form} submit="Link maken" busyLabel="Bezig met maken...">
        <fieldset
          className="results-link-questions"
          aria-describedby={form.fields.question_ids ? 'results-link-questions-error' : undefined}
        >
          <legend>Vragen op de pagina</legend>
          {questions.map((question) => (
            <label key={question.id} className="checkbox">
              <input
                type="checkbox"
                checked={chosen.has(question.id)}
                onChange={(event) => toggle(question.id, event.target.checked)}
              />{' '}
              {question.title || 'Naamloze vraag'}
              {OPEN_TYPES.has(question.type) ? ' (alleen met open antwoorden)' : ''}
            </label>
          ))}
          <FieldError id="results-link-questions-error" error={form.fields.question_ids} />
        </fieldset>
        <Field
          id="results-link-from"
          label="Vanaf (optioneel)"
          type="date"
          value={from}
          error={form.fields.from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <Field
          id="results-link-to"
          label="Tot en met (optioneel)"
          type="date"
          value={to}
          error={form.fields.to}
          onChange={(event) => setTo(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={openAnswers && !openLocked}
            disabled={openLocked}
            aria-describedby="results-link-open-hint"
            onChange={(event) => setOpenAnswers(event.target.checked)}
          />{' '}
          Open antwoorden delen
        </label>
        <p id="results-link-open-hint" className="field-hint">
          {openLocked
            ? RESULTS_LINK_MESSAGES.openAnswersAnonymous
            : "Zonder dit vinkje staan open vragen en 'anders, namelijk'-teksten niet op de pagina."}
        </p>
        <FieldError id="results-link-open-error" error={form.fields.open_answers} />
        <Field
          id="results-link-password"
          label="Wachtwoord (optioneel)"
          type="password"
          autoComplete="new-password"
          hint={`Minstens ${RESULTS_LINK_PASSWORD_MIN_LENGTH} tekens. Deel het wachtwoord apart van de link.`}
          value={password}
          error={form.fields.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Field
          id="results-link-label"
          label="Label (optioneel)"
          hint="Voor je eigen overzicht, bijvoorbeeld 'Directie'."
          autoComplete="off"
          value={label}
          error={form.fields.label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </Form>
      {created ? <CreatedLink link={created} /> : null}
    </div>
  );
}

function CreatedLink({ link }: { readonly link: CreatedResultsLink }) {
  return (
    <ShownOnce
      id="created-results-link"
      heading={`Nieuwe link: ${link.row.title}`}
      warning={RESULTS_LINK_MESSAGES.keepNow}
      label="De nieuwe resultatenlink"
      value={link.url}
      copyLabel="Link kopiëren"
      copied="De link is gekopieerd."
    />
  );
}
