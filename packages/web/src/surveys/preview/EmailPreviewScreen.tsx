import { languageName } from '@loop/core/surveys/translations';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useQuery } from '../../shared/useQuery';
import { Page } from '../../shell/Page';
import './preview.css';

/**
 * `/survey/:id/email-preview`: the invitation e-mail as a mail client shows it (sender, subject, the
 * message). The message is the server's own e-mail document in a sandboxed frame without any
 * permission (`sandbox=""`): no script, form, popup or navigation in it can run, whatever it holds.
 * A survey complete in other languages shows the mail in each of them, as a contact with that
 * language gets it (R-INV-6).
 */
export function EmailPreviewScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const preview = useAsyncInjection(TOKENS.SurveyPreview);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const remote = useQuery(`email-preview:${id}:${language ?? 'nl'}`, () =>
    preview.invitation(Number(id), language),
  );
  const [format, setFormat] = useState<'html' | 'text'>('html');
  const mail = remote.value;

  return (
    <Page
      title="E-mailvoorbeeld"
      lead="De uitnodiging zoals ontvangers die krijgen, met een voorbeeld van hun persoonlijke link."
    >
      <p className="preview-links">
        <Link href={`/survey/${id}/edit`}>Terug naar de editor</Link>
        <Link href={`/survey/${id}/preview`}>Voorbeeld van de survey</Link>
      </p>
      {remote.error ? (
        <div className="alert alert-error" role="alert">
          <p>{remote.error}</p>
          <button type="button" className="button button-secondary" onClick={remote.reload}>
            Opnieuw proberen
          </button>
        </div>
      ) : null}
      {mail ? (
        <section className="mail-preview" aria-label="Uitnodiging">
          <dl className="mail-headers">
            <div>
              <dt>Van</dt>
              <dd>{mail.from}</dd>
            </div>
            <div>
              <dt>Onderwerp</dt>
              <dd>{mail.subject}</dd>
            </div>
          </dl>
          {mail.languages.length > 1 ? (
            <fieldset className="mail-format mail-languages">
              <legend>Taal van de e-mail</legend>
              {mail.languages.map((code) => (
                <button
                  key={code}
                  type="button"
                  className="button button-secondary"
                  aria-pressed={mail.language === code}
                  onClick={() => setLanguage(code)}
                >
                  {languageName(code)}
                </button>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="mail-format">
            <legend className="visually-hidden">Weergave van het bericht</legend>
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={format === 'html'}
              onClick={() => setFormat('html')}
            >
              Opgemaakt
            </button>
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={format === 'text'}
              onClick={() => setFormat('text')}
            >
              Platte tekst
            </button>
          </fieldset>
          {format === 'html' ? (
            <iframe className="mail-frame" title="Bericht van de uitnodiging" sandbox="" srcDoc={mail.html} />
          ) : (
            <pre className="mail-text">{mail.text}</pre>
          )}
        </section>
      ) : remote.loading ? (
        <p role="status">E-mailvoorbeeld laden…</p>
      ) : null}
    </Page>
  );
}
