import type { OpenAnswer } from '@loop/core';
import { searchOpenAnswers } from '@loop/core/surveys/results';
import { useId, useState } from 'react';
import { AnswerTexts } from './AnswerTexts';

/** The newest answers of an open question, searchable here; all of them are on the question's page. */
export function OpenAnswersBlock({ latest, answered }: { latest: readonly OpenAnswer[]; answered: number }) {
  const id = useId();
  const [query, setQuery] = useState('');
  if (latest.length === 0) return <p className="chart-empty">Nog geen antwoorden.</p>;
  const found = searchOpenAnswers(latest, query, (answer) => answer.text);
  return (
    <div className="open-answers">
      <div className="field open-answers-search">
        <label htmlFor={`${id}-search`}>Zoek in de nieuwste antwoorden</label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className="result-count" aria-live="polite">
        {query.trim() === ''
          ? `De nieuwste ${latest.length} van ${answered} antwoorden`
          : `${found.length} van de nieuwste ${latest.length} antwoorden gevonden`}
      </p>
      {found.length > 0 ? <AnswerTexts answers={found} label="Nieuwste antwoorden" /> : null}
    </div>
  );
}
