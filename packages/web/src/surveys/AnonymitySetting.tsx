import './retention.css';
import { ANONYMITY_EXPLANATION, anonymitySummary, SURVEY_DATA_MESSAGES } from '@loop/core/surveys/data';
import { useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FormAlert } from '../forms/FormAlert';

/**
 * 'Anonieme survey': whether invitations stay linked to their responses. Saved at once when ticked;
 * the server refuses (409, its Dutch reason shown here) once the survey has invitations. Roles
 * without `surveys.manage` see the setting and who may change it.
 */
export function AnonymitySetting({
  surveyId,
  anonymous,
  canManage,
}: {
  surveyId: number;
  anonymous: boolean;
  canManage: boolean;
}) {
  const notices = useNotices();
  const data = useAsyncInjection(TOKENS.SurveyDataUseCases);
  const id = useId();
  const [saved, setSaved] = useState(anonymous);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (next: boolean) => {
    setBusy(true);
    setMessage(null);
    const result = await data.saveAnonymity(surveyId, next);
    setBusy(false);
    if (!result.ok) {
      setMessage(result.detail);
      return;
    }
    setSaved(result.value);
    notices.success(SURVEY_DATA_MESSAGES.anonymitySaved(result.value));
  };

  if (!canManage)
    return (
      <div className="retention">
        <p className="retention-summary" data-testid="anonymity-summary">
          {anonymitySummary(saved)}
        </p>
        <p className="field-hint">Alleen een eigenaar of beheerder kan dit instellen.</p>
      </div>
    );

  return (
    <div className="retention anonymity">
      <div className="anonymity-switch">
        <input
          id={`${id}-anonymous`}
          type="checkbox"
          checked={saved}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-describedby={`${id}-explanation`}
          onChange={(event) => void change(event.target.checked)}
        />
        <label htmlFor={`${id}-anonymous`}>Anonieme survey</label>
      </div>
      <p id={`${id}-explanation`} className="field-hint">
        {ANONYMITY_EXPLANATION}
      </p>
      <FormAlert message={message} />
    </div>
  );
}
