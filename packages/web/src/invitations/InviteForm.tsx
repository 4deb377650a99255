import type { InvitationPreviewResult } from '@loop/core';
import { EMPTY_CHOICES, type InvitationChoices, sentText, skippedText } from '@loop/core/invitations';
import { useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useClock, useNotices } from '../app/useServices';
import { RecipientPicker } from './RecipientPicker';

type Errors = Readonly<Record<string, string>>;

/**
 * Choose whom and when, look at the preview (who is left out and why, the mail as the first
 * recipient gets it), then send or plan. Changing a choice drops the preview, so what is sent is
 * always what was looked at.
 */
export function InviteForm({ surveyId, onSent }: { surveyId: number; onSent: () => void }) {
  const notices = useNotices();
  const id = useId();
  const invitations = useAsyncInjection(TOKENS.SurveyInvitationUseCases);
  const clock = useClock();
  const [choices, setChoices] = useState<InvitationChoices>(EMPTY_CHOICES);
  const [preview, setPreview] = useState<InvitationPreviewResult | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);

  const change = (next: InvitationChoices) => {
    setChoices(next);
    setPreview(null);
    setErrors({});
    setMessage(null);
  };

  const look = async () => {
    setBusy('preview');
    const result = await invitations.preview(surveyId, choices);
    setBusy(null);
    setErrors(result.ok ? {} : result.fields);
    setMessage(result.ok ? null : result.message);
    setPreview(result.ok ? result.value : null);
  };

  const send = async () => {
    setBusy('send');
    const result = await invitations.send(surveyId, choices);
    setBusy(null);
    if (!result.ok) {
      setErrors(result.fields);
      setMessage(result.message);
      return;
    }
    notices.success(sentText(result.value.planned, result.value.send_at, new Date(clock.now())));
    change(EMPTY_CHOICES);
    onSent();
  };

  const planned = choices.when === 'planned';
  return (
    <section className="invite-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Uitnodigingen versturen</h2>
      <RecipientPicker choices={choices} onChange={change} error={errors.recipients} />
      <fieldset className="invite-when">
        <legend>Wanneer</legend>
        <label className="radio">
          <input
            type="radio"
            name={`${id}-when`}
            checked={!planned}
            onChange={() => change({ ...choices, when: 'now' })}
          />
          Nu versturen
        </label>
        <label className="radio">
          <input
            type="radio"
            name={`${id}-when`}
            checked={planned}
            onChange={() => change({ ...choices, when: 'planned' })}
          />
          Inplannen
        </label>
        {planned ? (
          <div className="field field-narrow">
            <label htmlFor={`${id}-at`}>Datum en tijd</label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              lang="nl-NL"
              value={choices.plannedAt}
              aria-invalid={errors.when ? true : undefined}
              aria-describedby={errors.when ? `${id}-at-error` : undefined}
              onChange={(event) => change({ ...choices, plannedAt: event.target.value })}
            />
            {errors.when ? (
              <p id={`${id}-at-error`} className="field-error" role="alert">
                {errors.when}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      {message ? (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy !== null}
          onClick={() => void look()}
        >
          {busy === 'preview' ? 'Voorbeeld laden…' : 'Voorbeeld bekijken'}
        </button>
      </div>
      {preview ? (
        <InvitationPreview
          preview={preview}
          planned={planned}
          busy={busy === 'send'}
          onSend={() => void send()}
        />
      ) : null}
    </section>
  );
}

function InvitationPreview({
  preview,
  planned,
  busy,
  onSend,
}: {
  preview: InvitationPreviewResult;
  planned: boolean;
  busy: boolean;
  onSend: () => void;
}) {
  const id = useId();
  const count = preview.recipients;
  return (
    <section className="invite-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {count === 1 ? '1 contact krijgt een uitnodiging' : `${count} contacten krijgen een uitnodiging`}
      </h3>
      <p>{skippedText(preview.skipped)}</p>
      {preview.skipped.length > 0 ? (
        <ul className="invite-skipped">
          {preview.skipped.map((skip) => (
            <li key={skip.contact_id}>
              <strong>{skip.name}</strong> ({skip.email}): {skip.detail}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.sample ? (
        <div className="mail-preview">
          <dl className="mail-headers">
            <div>
              <dt>Aan</dt>
              <dd>{preview.sample.to}</dd>
            </div>
            <div>
              <dt>Van</dt>
              <dd>{preview.sample.from}</dd>
            </div>
            <div>
              <dt>Onderwerp</dt>
              <dd>{preview.sample.subject}</dd>
            </div>
          </dl>
          <iframe
            className="mail-frame"
            title="Voorbeeld van de uitnodiging"
            sandbox=""
            srcDoc={preview.sample.html}
          />
        </div>
      ) : null}
      {count > 0 ? (
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={onSend}>
            {busy
              ? 'Bezig…'
              : planned
                ? `${count} uitnodigingen inplannen`
                : `${count} uitnodigingen versturen`}
          </button>
        </div>
      ) : null}
    </section>
  );
}
