import type { LikertLegendItem, QuestionResultView } from '@loop/core';

type LikertView = Extract<QuestionResultView, { kind: 'likert' }>;

/** A segment this wide (percent of the track, so twice that of respondents) has room for its label. */
const LABEL_MIN_WIDTH = 6;

function Legend({ items }: { items: readonly LikertLegendItem[] }) {
  return (
    <ul className="likert-legend" aria-label="Legenda">
      {items.map((item) => (
        <li key={item.point}>
          <span className={`likert-swatch likert-tone-${item.tone}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * A Likert matrix as diverging stacked bars: one bar per statement on a shared axis from 100 %
 * disagreeing (left) to 100 % agreeing (right), so statements compare at a glance. A neutral
 * middle is drawn apart beside the bar. Each bar reads as one sentence for screen readers.
 */
export function LikertBars({ view }: { view: LikertView }) {
  return (
    <div className="likert">
      <Legend items={view.legend} />
      <ul className="likert-rows">
        {view.statements.map((statement) => (
          <li key={statement.id} className="likert-row" data-statement-id={statement.id}>
            <p className="likert-statement">
              <span>{statement.text}</span>
              <span className="likert-mean">
                gem. {statement.meanText}
                <span className="visually-hidden"> van {view.points}</span>
              </span>
            </p>
            <div className="likert-figure" role="img" aria-label={statement.description}>
              <span className="likert-end likert-end-negative" aria-hidden="true">
                {statement.answered > 0 ? statement.negativeText : ''}
              </span>
              <div className="likert-track" aria-hidden="true">
                <span className="likert-zero" />
                {statement.segments.map((segment) =>
                  segment.width > 0 ? (
                    <span
                      key={segment.point}
                      className={`likert-segment likert-tone-${segment.tone}`}
                      style={{ left: `${segment.left}%`, width: `${segment.width}%` }}
                      title={`${segment.label}: ${segment.percentText}`}
                      data-point={segment.point}
                    >
                      {segment.width >= LABEL_MIN_WIDTH ? segment.percentText : ''}
                    </span>
                  ) : null,
                )}
              </div>
              <span className="likert-end likert-end-positive" aria-hidden="true">
                {statement.answered > 0 ? statement.positiveText : ''}
              </span>
              {statement.neutral ? (
                <div
                  className="likert-neutral"
                  aria-hidden="true"
                  title={`${statement.neutral.label}: ${statement.neutral.percentText}`}
                >
                  <span className="likert-neutral-label">{statement.neutral.label}</span>
                  <span className="likert-neutral-track">
                    <span
                      className="likert-segment likert-tone-middle"
                      style={{ width: `${statement.neutral.width}%` }}
                      data-point={statement.neutral.point}
                    />
                  </span>
                  <span className="likert-neutral-text">
                    {statement.answered > 0 ? statement.neutral.percentText : ''}
                  </span>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
