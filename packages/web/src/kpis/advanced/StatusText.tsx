import type { AssessmentView, StatusView } from '@loop/core/kpis';

/** A status or assessment as its symbol and word; the colour only adds to them. */
export function StatusText({ view }: { view: StatusView | AssessmentView }) {
  return (
    <span className={`kpi-status kpi-tone-${view.tone}`}>
      <span className="kpi-status-icon" aria-hidden="true">
        {view.glyph}
      </span>
      {view.label}
    </span>
  );
}
