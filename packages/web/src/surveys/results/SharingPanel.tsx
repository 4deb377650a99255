import type { SurveyStatus } from '@loop/core';
import { formatCount } from '@loop/core/format';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import {
  type CreatedPersonalLinks,
  PERSONAL_LINK_LABEL_MAX_LENGTH,
  PERSONAL_LINK_MESSAGES,
  PERSONAL_LINKS_MAX,
} from '@loop/core/surveys/results';
import { useRef, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { Field } from '../../forms/Field';
import { Form } from '../../forms/Form';
import { useForm } from '../../forms/useForm';
import { useCan } from '../../organisation/useCan';
import { LoadFailed, Loading } from '../../routing/Loading';
import { SurveyShareContent } from '../share/SurveyShareContent';
import { useCopyText } from './useCopyText';
import { useSurveyLinks } from './useResults';

/**
 * 'Delen', at the top of the results page: what the share step after opening shows (the public
 * link, its QR code, the way to the invitations), how the personal links are used, and the form that
 * makes new personal links. Their addresses exist only in this answer (the server keeps hashes),
 * so they are shown once, to copy or to download as CSV.
 */
export function SharingPanel({ surveyId, status }: { surveyId: number; status: SurveyStatus }) {
  const links = useSurveyLinks(surveyId);
  const allowed = useCan();

  return (
    <section className="panel sharing" aria-labelledby="sharing-heading">
      <h2 id="sharing-heading">Delen</h2>
      {status === 'draft' ? (
        <p className="notice">Deze survey is nog een concept: de links werken zodra je hem opent.</p>
      ) : status === 'closed' ? (
        <p className="notice">
          Deze survey is gesloten: wie een link opent, leest dat er geen antwoorden meer kunnen.
        </p>
      ) : null}
      {links.value === null ? (
        links.error ? (
          <LoadFailed message={links.error} onRetry={links.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <SurveyShareContent surveyId={surveyId} publicUrl={links.value.publicUrl} />
          <dl className="stats link-stats">
            <div className="stat">
              <dt>Persoonlijke links</dt>
              <dd data-testid="personal-links-total">{formatCount(links.value.personal.total)}</dd>
            </div>
            <div className="stat">
              <dt>Begonnen</dt>
              <dd>{formatCount(links.value.personal.started)}</dd>
            </div>
            <div className="stat">
              <dt>Ingevuld</dt>
              <dd>{formatCount(links.value.personal.completed)}</dd>
            </div>
          </dl>
        </>
      )}
      {allowed('surveys.build') ? (
        <PersonalLinksForm surveyId={surveyId} onCreated={links.reload} />
      ) : (
        <p className="field-hint">{PERMISSION_DENIED['surveys.build']}</p>
      )}
    </section>
  );
}

function PersonalLinksForm({ surveyId, onCreated }: { surveyId: number; onCreated: () => void }) {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  const [count, setCount] = useState('10');
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedPersonalLinks | null>(null);
  const form = useForm({
    action: () => results.createPersonalLinks(surveyId, { count, label }),
    onSuccess: (value: CreatedPersonalLinks) => {
      setCreated(value);
      onCreated();
    },
  });

  return (
    <div className="subpanel personal-links">
      <h3 id="personal-links-heading">Persoonlijke links maken</h3>
      <p className="field-hint">
        Eén link per respondent: elke link geeft precies één reactie. Je ziet de links alleen direct na het
        maken.
      </p>
      <Form form={form} submit="Persoonlijke links maken" busyLabel="Bezig met maken...">
        <Field
          id="personal-links-count"
          label="Aantal links"
          hint={`1 tot en met ${PERSONAL_LINKS_MAX}.`}
          inputMode="numeric"
          autoComplete="off"
          value={count}
          error={form.fields.count}
          onChange={(event) => setCount(event.target.value)}
        />
        <Field
          id="personal-links-label"
          label="Label (optioneel)"
          hint={`Voor je eigen overzicht, bijvoorbeeld 'Team Noord'. Hoogstens ${PERSONAL_LINK_LABEL_MAX_LENGTH} tekens.`}
          autoComplete="off"
          value={label}
          error={form.fields.label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </Form>
      {created ? <CreatedLinks surveyId={surveyId} links={created} /> : null}
    </div>
  );
}

function CreatedLinks({ surveyId, links }: { surveyId: number; links: CreatedPersonalLinks }) {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  const copy = useCopyText();
  const area = useRef<HTMLTextAreaElement>(null);
  const text = links.urls.join('\n');
  const heading =
    links.urls.length === 1 ? '1 nieuwe link' : `${formatCount(links.urls.length)} nieuwe links`;
  return (
    <section className="created-links" aria-labelledby="created-links-heading">
      <h4 id="created-links-heading">
        {heading}
        {links.label ? ` (${links.label})` : ''}
      </h4>
      <p className="alert alert-info" role="status">
        {PERSONAL_LINK_MESSAGES.keepNow}
      </p>
      <label htmlFor="created-links" className="visually-hidden">
        De nieuwe persoonlijke links
      </label>
      <textarea
        id="created-links"
        ref={area}
        readOnly
        rows={Math.min(8, links.urls.length)}
        value={text}
        onFocus={(event) => event.target.select()}
      />
      <p className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copy(text, 'De links zijn gekopieerd.', () => area.current?.select())}
        >
          Alle links kopiëren
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => results.downloadPersonalLinks(surveyId, links)}
        >
          Download als CSV
        </button>
      </p>
    </section>
  );
}
