import { API_KEY_SCOPES, type ApiKeyScope } from '@loop/core';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  type ApiKeyRow,
  type CreatedApiKey,
} from '@loop/core/apiKeys';
import { useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { Field } from '../forms/Field';
import { Form } from '../forms/Form';
import { FieldError } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';
import { LoadFailed, Loading } from '../routing/Loading';
import { ShownOnce } from '../shared/ShownOnce';
import { useQuery } from '../shared/useQuery';
import { ConfirmDialog } from '../shell/ConfirmDialog';

/**
 * 'API-sleutels' (R-KEY-1 to R-KEY-6): make a key with a name, scopes and an optional last day; its
 * secret is shown once with a copy button; the list says what each key may, who made it and when
 * it was last used; revoking asks first and works from the next request on.
 */
export function ApiKeysSection() {
  const keys = useAsyncInjection(TOKENS.ApiKeysUseCases);
  const list = useQuery('api-keys', () => keys.list());
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [revokeState, setRevokeState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  const revoke = async (row: ApiKeyRow) => {
    setRevokeState({ busy: true, error: null });
    const revoked = await keys.revoke(row.id);
    if (!revoked.ok) {
      setRevokeState({ busy: false, error: revoked.detail });
      return;
    }
    setRevokeState({ busy: false, error: null });
    setRevoking(null);
    list.reload();
  };

  return (
    <section className="panel api-keys" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">API-sleutels</h2>
      <p className="field-hint">
        Een sleutel werkt alleen voor deze organisatie, alleen voor wat je aanvinkt, en nooit voor meer dan
        jouw eigen rol toestaat. Ben je geen eigenaar of beheerder meer, dan stopt de sleutel.
      </p>
      <ApiKeyForm onCreated={list.reload} />
      <h3>Sleutels van de organisatie</h3>
      {list.value === null ? (
        list.error ? (
          <LoadFailed message={list.error} onRetry={list.reload} />
        ) : (
          <Loading />
        )
      ) : list.value.length === 0 ? (
        <p>Er zijn nog geen API-sleutels.</p>
      ) : (
        <ul className="api-key-list">
          {list.value.map((row) => (
            <li key={row.id} data-testid="api-key" data-status={row.status}>
              <strong>{row.name}</strong> <code>{row.prefix}…</code> <span>{row.statusText}</span>
              <br />
              <span className="field-hint">
                {row.scopes.join(', ')} · Gemaakt {row.created} · {row.expiry} · Laatst gebruikt:{' '}
                {row.lastUse}
              </span>{' '}
              {row.status === 'active' ? (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    setRevokeState({ busy: false, error: null });
                    setRevoking(row);
                  }}
                >
                  Intrekken<span className="visually-hidden"> ({row.name})</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <ConfirmDialog
          title="API-sleutel intrekken"
          confirmLabel="Sleutel intrekken"
          busy={revokeState.busy}
          error={revokeState.error}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>
            De sleutel '{revoking.name}' ({revoking.prefix}…) werkt vanaf het volgende verzoek niet meer.
            Software die hem gebruikt, krijgt dan een foutmelding. Dit kan niet ongedaan worden gemaakt.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ApiKeyForm({ onCreated }: { readonly onCreated: () => void }) {
  const keys = useAsyncInjection(TOKENS.ApiKeysUseCases);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<ApiKeyScope>>(() => new Set(['surveys:read']));
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm({
    action: () =>
      keys.create({ name, scopes: API_KEY_SCOPES.filter((scope) => scopes.has(scope)), expiresOn }),
    onSuccess: (value: CreatedApiKey) => {
      setCreated(value);
      setName('');
      setExpiresOn('');
      onCreated();
    },
  });
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((before) => {
      const next = new Set(before);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

  return (
    <div className="subpanel">
      <h3>Nieuwe sleutel maken</h3>
      <Form form={form} submit="Sleutel maken" busyLabel="Bezig met maken...">
        <Field
          id="api-key-name"
          label="Naam"
          hint="Waarvoor de sleutel is, bijvoorbeeld 'Export naar Power BI'."
          autoComplete="off"
          value={name}
          error={form.fields.name}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset aria-describedby={form.fields.scopes ? 'api-key-scopes-error' : undefined}>
          <legend>Bevoegdheden</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="checkbox">
              <input
                type="checkbox"
                checked={scopes.has(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />{' '}
              {API_KEY_SCOPE_LABELS[scope].label}{' '}
              <span className="field-hint">
                ({scope}): {API_KEY_SCOPE_LABELS[scope].description}
              </span>
            </label>
          ))}
          <FieldError id="api-key-scopes-error" error={form.fields.scopes} />
        </fieldset>
        <Field
          id="api-key-expires"
          label="Werkt tot en met (optioneel)"
          type="date"
          hint="Leeg: de sleutel verloopt niet. Je kunt hem altijd intrekken."
          value={expiresOn}
          error={form.fields.expires_on}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      </Form>
      {created ? <CreatedKey created={created} /> : null}
    </div>
  );
}

function CreatedKey({ created }: { readonly created: CreatedApiKey }) {
  return (
    <ShownOnce
      id="created-api-key"
      heading={`Nieuwe sleutel: ${created.row.name}`}
      warning={API_KEY_MESSAGES.keepNow}
      label="De nieuwe API-sleutel"
      value={created.secret}
      copyLabel="Sleutel kopiëren"
      copied="De sleutel is gekopieerd."
    />
  );
}
