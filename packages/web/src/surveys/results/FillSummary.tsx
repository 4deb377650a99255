/**
 * How full the survey's cap and quotas are ('120 van 200 antwoorden', 'Verkoop: 37 van 50';
 * R-SURV-21, R-SURV-22), counted over all submitted responses whatever the date filter.
 */
export function FillSummary({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div data-testid="results-fill">
      <h3>Maximum en quota</h3>
      <ul className="results-fill">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
