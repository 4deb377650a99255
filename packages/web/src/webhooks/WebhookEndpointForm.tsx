import type { FieldErrors } from '@loop/core/auth';
import type { WebhookUseCases } from '@loop/core/webhookEndpoints';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@loop/core/webhooks';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../forms/FormAlert';

type Added = Extract<Awaited<ReturnType<WebhookUseCases['add']>>, { ok: true }>['value'];

/** Adding an endpoint: its https address, an optional description and the events it gets. */
export function WebhookEndpointForm({
  actions,
  onAdded,
}: {
  actions: WebhookUseCases;
  onAdded: (added: Added) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<readonly WebhookEventType[]>(['response.completed']);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await actions.add({ url, description, events });
    setBusy(false);
    if (!result.ok) {
      setFields(result.fields);
      setMessage(result.message);
      return;
    }
    setFields({});
    setMessage(null);
    setUrl('');
    setDescription('');
    onAdded(result.value);
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? on : current.includes(each))),
    );

  return (
    <form className="webhook-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Webhook toevoegen</h2>
      <FormAlert message={message} />
      <div className="field">
        <label htmlFor={`${id}-url`}>Adres (https)</label>
        <input
          id={`${id}-url`}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://voorbeeld.nl/loop-webhooks"
          aria-invalid={fields.url === undefined ? undefined : true}
          aria-describedby={fields.url === undefined ? undefined : `${id}-url-error`}
        />
        {fields.url === undefined ? null : (
          <p className="field-error" id={`${id}-url-error`}>
            {fields.url}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Omschrijving (optioneel)</label>
        <input
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        {fields.description === undefined ? null : <p className="field-error">{fields.description}</p>}
      </div>
      <fieldset aria-describedby={fields.events === undefined ? undefined : `${id}-events-error`}>
        <legend>Gebeurtenissen</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />{' '}
            {WEBHOOK_EVENT_LABELS[type]} <code>{type}</code>
          </label>
        ))}
        {fields.events === undefined ? null : (
          <p className="field-error" id={`${id}-events-error`}>
            {fields.events}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Webhook toevoegen
      </button>
    </form>
  );
}
