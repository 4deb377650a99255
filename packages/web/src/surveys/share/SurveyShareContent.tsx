import './share.css';
import type { Result } from '@loop/core';
import { type QrFormat, SHARE_TEXTS, type ShareError } from '@loop/core/surveys/results';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useCan } from '../../organisation/useCan';
import { DownloadButton } from '../../shell/DownloadButton';
import { useCopyText } from '../results/useCopyText';
import { EmbedSection } from './EmbedSection';

/** How long the button says 'Gekopieerd' after a copy. */
export const COPIED_SHOWN_MS = 4000;

/**
 * What sharing a survey offers (docs/decisions/surveys.md, 'The share step'), the same after opening it
 * and under 'Delen' on the results page: the public link to copy, its QR code to scan or download
 * as SVG and PNG, the way to the invitations by e-mail, and the code to put it on a website.
 */
export function SurveyShareContent({ surveyId, publicUrl }: { surveyId: number; publicUrl: string }) {
  const allowed = useCan();
  return (
    <div className="share-content">
      <div className="share-link">
        <PublicLink url={publicUrl} />
        {allowed('contacts.manage') ? (
          <p className="share-invite">
            <Link href={`/survey/${surveyId}/uitnodigen`} className="button button-secondary">
              Uitnodigen via e-mail
            </Link>
            <span className="field-hint">Iedere ontvanger krijgt een eigen persoonlijke link.</span>
          </p>
        ) : null}
      </div>
      <Suspense fallback={<QrPlaceholder />}>
        <QrCode surveyId={surveyId} url={publicUrl} />
      </Suspense>
      <EmbedSection surveyId={surveyId} publicUrl={publicUrl} />
    </div>
  );
}

function PublicLink({ url }: { url: string }) {
  const copy = useCopyText();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="field">
      <label htmlFor="public-link">Openbare link</label>
      <p id="public-link-hint" className="field-hint">
        Iedereen met deze link kan de survey invullen; elke bezoeker geeft een eigen reactie.
      </p>
      <div className="copy-row">
        <input
          id="public-link"
          ref={field}
          type="text"
          readOnly
          value={url}
          aria-describedby="public-link-hint"
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void copy(url, SHARE_TEXTS.copied, () => {
              field.current?.focus();
              field.current?.select();
            }).then((done) => setCopied(done))
          }
        >
          {copied ? 'Gekopieerd' : 'Kopiëren'}
          <span className="visually-hidden"> (openbare link)</span>
        </button>
      </div>
      <p className="share-copied" role="status" data-testid="share-copied">
        {copied ? SHARE_TEXTS.copied : ''}
      </p>
    </div>
  );
}

/** Holds the QR code's place while its library loads. */
function QrPlaceholder() {
  return (
    <figure className="share-qr">
      <div className="share-qr-image share-qr-loading">QR-code laden…</div>
    </figure>
  );
}

function QrCode({ surveyId, url }: { surveyId: number; url: string }) {
  // 'Opnieuw proberen' draws it anew.
  const [attempt, setAttempt] = useState(0);
  return <QrFigure key={attempt} surveyId={surveyId} url={url} onRetry={() => setAttempt((n) => n + 1)} />;
}

function QrFigure({ surveyId, url, onRetry }: { surveyId: number; url: string; onRetry: () => void }) {
  const share = useAsyncInjection(TOKENS.SurveyShare);
  const [svg, setSvg] = useState<Result<string, ShareError> | null>(null);

  useEffect(() => {
    let live = true;
    void share.qrSvg(url).then((drawn) => {
      if (live) setSvg(drawn);
    });
    return () => {
      live = false;
    };
  }, [share, url]);

  if (svg === null) return <QrPlaceholder />;
  const download = async (format: QrFormat) => {
    const result = await share.downloadQr(surveyId, url, format);
    return result.ok ? { ok: true } : { ok: false, message: result.detail ?? SHARE_TEXTS.qrFailed };
  };
  return (
    <figure className="share-qr">
      {svg.ok ? (
        <img
          className="share-qr-image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.value)}`}
          alt={SHARE_TEXTS.qrAlt}
          data-testid="share-qr"
        />
      ) : (
        <div className="share-qr-image share-qr-failed">
          <p className="alert alert-error" role="alert">
            {svg.detail ?? SHARE_TEXTS.qrFailed}
          </p>
          <button type="button" className="button button-secondary button-small" onClick={onRetry}>
            Opnieuw proberen
          </button>
        </div>
      )}
      <figcaption>
        <span className="field-hint">
          Scan de code met de camera van een telefoon om de survey te openen.
        </span>
        <span className="share-qr-actions">
          <DownloadButton
            label="Download SVG"
            failed={SHARE_TEXTS.qrFailed}
            download={() => download('svg')}
          />
          <DownloadButton
            label="Download PNG"
            failed={SHARE_TEXTS.qrFailed}
            download={() => download('png')}
          />
        </span>
      </figcaption>
    </figure>
  );
}
