import type { BrandingImage, FormResult } from '@loop/core';
import {
  BRANDING_UPLOAD_TYPES,
  brandPalette,
  DEFAULT_PRIMARY_COLOR,
  primaryColorError,
} from '@loop/core/branding';
import { can, PERMISSION_DENIED } from '@loop/core/organisation';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FieldError } from '../forms/FormAlert';
import { useCurrentRole } from '../organisation/useCurrentRole';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { useBranding } from './useBranding';

const ACCEPT = BRANDING_UPLOAD_TYPES.join(',');
const UPLOAD_HINT = 'PNG, JPEG, WebP of GIF, maximaal 2 MB.';

/** The first Dutch message of a failed branding change: the field's, else the server's. */
const failureText = (result: FormResult<unknown>, field: string): string | null =>
  result.ok ? null : (result.fields[field] ?? result.message ?? Object.values(result.fields)[0] ?? null);

/** /personalisatie: the organisation's logo, background and brand colour, applied at once. */
export function PersonalisationScreen() {
  const store = useInjection(TOKENS.BrandingStore);
  const { organisation } = useCurrentUser();
  const { state, view } = useBranding();
  // Owners and managers change the branding; others see it read-only (the server enforces it too).
  const role = useCurrentRole();
  const readOnly = role !== null && !can(role, 'branding.manage');

  const retry = () => {
    if (!organisation) return;
    store.reset();
    void store.load(organisation.id);
  };

  return (
    <Page
      title="Personalisatie"
      lead={
        organisation
          ? `De huisstijl van ${organisation.name}. Wijzigingen zijn meteen zichtbaar voor iedereen in de organisatie.`
          : undefined
      }
    >
      {state.status === 'idle' || state.status === 'loading' ? (
        <Loading />
      ) : state.status === 'failed' ? (
        <LoadFailed message="De huisstijl kon niet worden geladen." onRetry={retry} />
      ) : (
        <>
          {readOnly ? (
            <p className="alert alert-info">
              {PERMISSION_DENIED['branding.manage']} Hieronder zie je hoe die er nu uitziet.
            </p>
          ) : null}
          <ImageSection
            kind="logo"
            title="Logo"
            src={view.logoSrc}
            own={view.hasOwnLogo}
            previewClass="preview-logo"
            readOnly={readOnly}
          />
          <ImageSection
            kind="background"
            title="Achtergrond"
            src={view.backgroundSrc}
            own={Boolean(state.branding?.background_url)}
            previewClass="preview-background"
            readOnly={readOnly}
          />
          <ColourSection saved={state.branding?.primary_color ?? null} readOnly={readOnly} />
        </>
      )}
    </Page>
  );
}

function ImageSection({
  kind,
  title,
  src,
  own,
  previewClass,
  readOnly,
}: {
  kind: BrandingImage;
  title: string;
  src: string;
  own: boolean;
  previewClass: string;
  readOnly: boolean;
}) {
  const notices = useNotices();
  const store = useInjection(TOKENS.BrandingStore);
  const id = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const noun = kind === 'logo' ? 'Het logo' : 'De achtergrond';

  // Object URLs hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (pending) URL.revokeObjectURL(pending);
    },
    [pending],
  );

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setBusy('upload');
    setPending(URL.createObjectURL(file));
    const result = await store.upload(kind, file);
    setBusy(null);
    setPending(null);
    input.value = '';
    const message = failureText(result, kind);
    if (message) {
      setError(message);
      notices.error(message);
    } else {
      notices.success(`${noun} is opgeslagen.`);
    }
  }

  async function remove() {
    setError(null);
    setBusy('remove');
    const result = await store.remove(kind);
    setBusy(null);
    const message = failureText(result, kind);
    if (message) {
      setError(message);
      notices.error(message);
    } else {
      notices.success(`${noun} is verwijderd.`);
    }
  }

  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <figure className={`preview ${previewClass}`}>
        <img src={pending ?? src} alt={`Voorbeeld: ${title.toLowerCase()}`} />
        <figcaption>
          {pending ? 'Bezig met uploaden...' : own ? 'Eigen afbeelding' : 'Standaardafbeelding'}
        </figcaption>
      </figure>
      {readOnly ? null : (
        <div className="field">
          {/* The native control reads "Choose File" in the browser's language; the label is the button. */}
          <input
            id={inputId}
            className="visually-hidden file-input"
            type="file"
            accept={ACCEPT}
            onChange={upload}
            disabled={busy !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          />
          <div className="actions">
            <label htmlFor={inputId} className="button button-secondary file-button">
              {busy === 'upload' ? 'Bezig met uploaden...' : own ? `${title} vervangen` : `${title} uploaden`}
            </label>
            {own ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={remove}
                disabled={busy !== null}
              >
                {busy === 'remove' ? 'Bezig met verwijderen...' : `${title} verwijderen`}
              </button>
            ) : null}
          </div>
          <p id={hintId} className="field-hint">
            {UPLOAD_HINT}
          </p>
          <FieldError id={errorId} error={error} />
        </div>
      )}
    </section>
  );
}

function ColourSection({ saved, readOnly }: { saved: string | null; readOnly: boolean }) {
  const notices = useNotices();
  const store = useInjection(TOKENS.BrandingStore);
  const [value, setValue] = useState(saved ?? DEFAULT_PRIMARY_COLOR);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = primaryColorError(value) === null;
  const palette = brandPalette(valid ? value : DEFAULT_PRIMARY_COLOR);

  async function save(colour: string | null, done: string) {
    setBusy(true);
    setError(null);
    const result = await store.setPrimaryColor(colour);
    setBusy(false);
    const message = failureText(result, 'primary_color');
    if (message) {
      setError(message);
      notices.error(message);
      return;
    }
    if (colour === null) setValue(DEFAULT_PRIMARY_COLOR);
    notices.success(done);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save(value.trim().toLowerCase(), 'De kleur is opgeslagen.');
  }

  return (
    <section className="panel" aria-labelledby="colour-heading">
      <h2 id="colour-heading">Huisstijlkleur</h2>
      <p>Gebruikt voor knoppen, links en de focusrand.</p>
      {readOnly ? (
        <p className="colour-sample">
          <span className="colour-sample-label">Huidige kleur:</span>
          <span style={{ background: palette.brand, color: palette.onBrand }}>{palette.brand}</span>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="form">
          <div className="colour-row">
            <div className="field">
              <label htmlFor="colour-picker">Kies een kleur</label>
              <input
                id="colour-picker"
                type="color"
                value={valid ? value.toLowerCase() : DEFAULT_PRIMARY_COLOR}
                onChange={(e) => setValue(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="colour-hex">Hexcode</label>
              <input
                id="colour-hex"
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={7}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'colour-hex-hint colour-error' : 'colour-hex-hint'}
              />
              <p id="colour-hex-hint" className="field-hint">
                Bijvoorbeeld {DEFAULT_PRIMARY_COLOR}.
              </p>
            </div>
          </div>
          <FieldError id="colour-error" error={error} />
          <p className="colour-sample" aria-hidden="true">
            <span className="colour-sample-label">Voorbeeld:</span>
            <span style={{ background: palette.brand, color: palette.onBrand }}>Knop</span>
            <span style={{ color: palette.brandInk }}>Link</span>
          </p>
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Bezig met opslaan...' : 'Kleur opslaan'}
            </button>
            {saved !== null ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void save(null, 'De standaardkleur is weer ingesteld.')}
              >
                Standaardkleur gebruiken
              </button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
