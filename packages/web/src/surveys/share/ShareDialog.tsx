import { SHARE_TEXTS } from '@loop/core/surveys/results';
import { type RefObject, Suspense, useId } from 'react';
import { Link } from 'wouter';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Dialog } from '../../shell/Dialog';
import { useSurveyLinks } from '../results/useResults';
import { SurveyShareContent } from './SurveyShareContent';

/**
 * The step that ends opening a survey (docs/decisions/surveys.md, 'The share step'): the survey is open,
 * here is how it reaches people, and where to find this again.
 */
export function ShareDialog({
  surveyId,
  onClose,
  returnFocus,
}: {
  surveyId: number;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const lead = useId();
  return (
    <Dialog
      title="Deel je survey"
      onCancel={onClose}
      describedBy={lead}
      className="share-dialog"
      {...(returnFocus ? { returnFocus } : {})}
    >
      <p id={lead}>
        De survey is open voor antwoorden. Deel de link of de QR-code, of nodig contacten uit via e-mail.
      </p>
      <Suspense fallback={<Loading />}>
        <DialogLinks surveyId={surveyId} />
      </Suspense>
      <p className="share-reach-again" data-testid="share-reach-again">
        {SHARE_TEXTS.reachAgain}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          Sluiten
        </button>
        <Link href={`/survey/${surveyId}`} className="button button-secondary">
          Naar de resultaten
        </Link>
      </div>
    </Dialog>
  );
}

function DialogLinks({ surveyId }: { surveyId: number }) {
  const links = useSurveyLinks(surveyId);
  if (links.value === null)
    return links.error ? <LoadFailed message={links.error} onRetry={links.reload} /> : <Loading />;
  return <SurveyShareContent surveyId={surveyId} publicUrl={links.value.publicUrl} />;
}
