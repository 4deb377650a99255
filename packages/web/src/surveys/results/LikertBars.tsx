import {
  type LikertLegendItem,
  type LikertStatementView,
  likertBarLabels,
  type QuestionResultView,
  unlabelledSharesText,
} from '@loop/core/surveys/results';
import { useLayoutEffect, useRef, useState } from 'react';

type LikertView = Extract<QuestionResultView, { kind: 'likert' }>;

/** Reports an element's width in rem while it changes; answers the function that stops reporting. */
export type MeasureWidth = (element: HTMLElement, onWidth: (rem: number) => void) => () => void;

/**
 * The width of an element in rem of the root font size, from a ResizeObserver (its first report
 * comes after layout, before the bar is painted). Without one (jsdom) nothing is reported and the
 * bar is labelled as if its track were as narrow as the layout allows.
 */
export const measureWidthRem: MeasureWidth = (element, onWidth) => {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(([entry]) => {
    const rootPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    if (entry) onWidth(entry.contentRect.width / rootPx);
  });
  observer.observe(element);
  return () => observer.disconnect();
};

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
 * A segment prints its percentage only where core's `likertBarLabels` says it fits at the track's
 * measured width; the shares of narrower segments are written under the bar, so no label ever
 * overlaps another and every share stays readable, also on a phone.
 */
export function LikertBars({
  view,
  measure = measureWidthRem,
}: {
  view: LikertView;
  measure?: MeasureWidth;
}) {
  return (
    <div className="likert">
      <Legend items={view.legend} />
      <ul className="likert-rows">
        {view.statements.map((statement) => (
          <LikertRow key={statement.id} statement={statement} points={view.points} measure={measure} />
        ))}
      </ul>
    </div>
  );
}

function LikertRow({
  statement,
  points,
  measure,
}: {
  statement: LikertStatementView;
  points: number;
  measure: MeasureWidth;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [trackRem, setTrackRem] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = track.current;
    if (element === null) return;
    // Sub-pixel changes would only re-render the same labels.
    return measure(element, (rem) =>
      setTrackRem((old) => (old !== null && Math.abs(old - rem) < 0.01 ? old : rem)),
    );
  }, [measure]);
  const labels = likertBarLabels(statement.segments, trackRem);
  const smallShares = statement.answered > 0 ? unlabelledSharesText(labels) : '';
  return (
    <li className="likert-row" data-statement-id={statement.id}>
      <p className="likert-statement">
        <span>{statement.text}</span>
        <span className="likert-mean">
          gem. {statement.meanText}
          <span className="visually-hidden"> van {points}</span>
        </span>
      </p>
      <div className="likert-figure" role="img" aria-label={statement.description}>
        <span className="likert-end likert-end-negative" aria-hidden="true">
          {statement.answered > 0 ? statement.negativeText : ''}
        </span>
        <div className="likert-track" aria-hidden="true" ref={track}>
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
                {labels.labelled.has(segment.point) ? segment.percentText : ''}
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
        {smallShares === '' ? null : (
          // Read out already in the figure's label; here for the eye.
          <p className="likert-small-shares" aria-hidden="true">
            {smallShares}
          </p>
        )}
      </div>
    </li>
  );
}
