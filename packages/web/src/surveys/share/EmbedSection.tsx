import type { SurveyEmbed } from '@loop/core';
import { embedSource } from '@loop/core/surveys/embed';
import { useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useCan } from '../../organisation/useCan';
import { LoadFailed, Loading } from '../../routing/Loading';
import { useQuery } from '../../shared/useQuery';
import { EmbedCode } from './EmbedCode';
import { EmbedOrigins } from './EmbedOrigins';

/**
 * 'Op je website' on the share step (docs/decisions/embedding.md): which websites may show the
 * survey, the code to paste and its live preview. Folded until opened, so the step stays short and
 * the preview loads only for those who want it.
 */
export function EmbedSection({ surveyId, publicUrl }: { surveyId: number; publicUrl: string }) {
  const [open, setOpen] = useState(false);
  const source = embedSource(publicUrl);
  if (source === null) return null;
  return (
    <details className="share-embed" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Op je website plaatsen</summary>
      {open ? (
        <EmbedSettings surveyId={surveyId} loopOrigin={source.loopOrigin} token={source.token} />
      ) : null}
    </details>
  );
}

function EmbedSettings({
  surveyId,
  loopOrigin,
  token,
}: {
  surveyId: number;
  loopOrigin: string;
  token: string;
}) {
  const useCases = useAsyncInjection(TOKENS.EmbedUseCases);
  const remote = useQuery(`survey-embed:${surveyId}`, () => useCases.load(surveyId));
  const allowed = useCan();
  const [saved, setSaved] = useState<SurveyEmbed | null>(null);
  const embed = saved ?? remote.value;
  if (embed === null)
    return remote.error ? <LoadFailed message={remote.error} onRetry={remote.reload} /> : <Loading />;
  return (
    <div className="share-embed-body">
      <EmbedOrigins
        surveyId={surveyId}
        embed={embed}
        canManage={allowed('surveys.build')}
        onSaved={setSaved}
      />
      {embed.origins.length === 0 ? (
        <p className="field-hint" data-testid="embed-no-origins">
          Zolang er geen website in de lijst staat, toont geen enkele website de survey; het voorbeeld
          hieronder werkt wel.
        </p>
      ) : null}
      <EmbedCode loopOrigin={loopOrigin} token={token} />
    </div>
  );
}
