import {
  LANGUAGE_OWN_NAMES,
  type RespondentSession,
  type RespondentState,
  wordsLanguage,
} from '@loop/core/surveys/respond';
import { useRespondWords } from './respondWords';

/**
 * The language switcher: only when the survey is complete in two languages or more, while
 * answering. Switching keeps the answers and loads the survey's texts in the chosen language.
 */
export function LanguageSwitcher({ state, session }: { state: RespondentState; session: RespondentSession }) {
  const words = useRespondWords();
  const languages = [...new Set(state.survey?.languages ?? [])].filter(
    (code) => wordsLanguage(code) === code,
  );
  if (languages.length < 2 || (state.phase !== 'intro' && state.phase !== 'question')) return null;
  return (
    <p className="respondent-language">
      <label htmlFor="respondent-language">{words.languageLabel}</label>{' '}
      <select
        id="respondent-language"
        value={languages.includes(state.language) ? state.language : languages[0]}
        disabled={state.submitting}
        onChange={(event) => void session.changeLanguage(event.target.value)}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_OWN_NAMES[wordsLanguage(code)]}
          </option>
        ))}
      </select>
    </p>
  );
}
