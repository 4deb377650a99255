import type { Survey } from '@loop/core';
import { formatLongDay } from '@loop/core/format';
import { compareRounds } from '@loop/core/surveys/results';
import { useId, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { LoadFailed } from '../../routing/Loading';
import { useQuery } from '../../shared/useQuery';
import { TableScroll } from '../../shell/TableScroll';

const COLUMNS = [
  'Vraag',
  'Maat',
  'Deze ronde',
  'Vorige ronde',
  'Verschil',
  'Trend over alle rondes',
] as const;
const DIRECTION_TEXT = { up: 'gestegen', down: 'gedaald', same: 'gelijk' } as const;

/**
 * 'Rondes vergelijken' (R-ROUND-6): for a survey that runs in pulse rounds, per question the chosen
 * round against the one before and the figures of every round, by core's `compareRounds` on the
 * rounds' own results. Shown only once a round was sent.
 */
export function RoundComparisonPanel({ survey }: { survey: Survey }) {
  const id = useId();
  const rounds = useAsyncInjection(TOKENS.RoundUseCases);
  const comparison = useQuery(`round-comparison:${survey.id}`, () => rounds.comparison(survey.id));
  const [roundId, setRoundId] = useState<number | null>(null);

  if (comparison.error) return <LoadFailed message={comparison.error} onRetry={comparison.reload} />;
  const value = comparison.value;
  if (value === null || value.rounds.length === 0) return null;
  const rows = compareRounds(survey.questions, value, roundId);
  const newestFirst = [...value.rounds].reverse();

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Rondes vergelijken</h2>
      <div className="field field-narrow">
        <label htmlFor={`${id}-round`}>Deze ronde</label>
        <select
          id={`${id}-round`}
          value={roundId ?? ''}
          onChange={(event) => setRoundId(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">Nieuwste ronde</option>
          {newestFirst.map((round) => (
            <option key={round.round_id} value={round.round_id}>
              Ronde {round.number} ({formatLongDay(new Date(round.due_at))}, {round.completed} reacties)
            </option>
          ))}
        </select>
      </div>
      {rows.length === 0 ? (
        <p>Deze survey heeft geen vragen met een cijfer om te vergelijken.</p>
      ) : (
        <TableScroll label="Rondes vergeleken per vraag" columns={COLUMNS} cards>
          {rows.map((row) => (
            <tr key={row.questionId}>
              <td>{row.title}</td>
              <td>{row.measure}</td>
              <td>{row.current?.value ?? '–'}</td>
              <td>{row.previous?.value ?? '–'}</td>
              <td>
                {row.changeText}
                {row.direction === null ? null : (
                  <span className="visually-hidden"> ({DIRECTION_TEXT[row.direction]})</span>
                )}
              </td>
              <td>{row.trendText}</td>
            </tr>
          ))}
        </TableScroll>
      )}
    </section>
  );
}
