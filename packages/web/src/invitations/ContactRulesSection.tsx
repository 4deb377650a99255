import { useEffect, useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { useQuery } from '../shared/useQuery';

/**
 * The organisation's contact rule: nobody is invited more often than once per N days, over all its
 * surveys. Empty: no limit. The send screen names everyone the rule leaves out.
 */
export function ContactRulesSection() {
  const notices = useNotices();
  const id = useId();
  const invitations = useAsyncInjection(TOKENS.SurveyInvitationUseCases);
  const rules = useQuery('contact-rules', () => invitations.contactRules());
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (rules.value)
      setDays(rules.value.min_days_between === null ? '' : String(rules.value.min_days_between));
  }, [rules.value]);

  const save = async () => {
    setBusy(true);
    const text = days.trim();
    const result = await invitations.updateContactRules({
      min_days_between: text === '' ? null : Number(text),
    });
    setBusy(false);
    setError(result.ok ? null : (result.fields.min_days_between ?? result.message));
    if (result.ok) {
      notices.success(
        result.value.min_days_between === null
          ? 'De contactregel is uitgezet.'
          : `Contacten krijgen hoogstens één uitnodiging per ${result.value.min_days_between} dagen.`,
      );
      rules.reload();
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contactregel</h2>
      <p>
        Voorkom dat contacten te vaak een uitnodiging krijgen, over alle surveys van de organisatie samen.
      </p>
      <div className="field field-narrow">
        <label htmlFor={`${id}-days`}>Niet vaker dan eens per … dagen uitnodigen</label>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          value={days}
          placeholder="Geen grens"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setDays(event.target.value)}
        />
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || rules.value === null}
          onClick={() => void save()}
        >
          {busy ? 'Opslaan…' : 'Contactregel opslaan'}
        </button>
      </div>
    </section>
  );
}
