import type { AssessmentView, StatusView } from '@loop/core/kpis';
import { KpiIcon } from '../KpiIcon';

/** A status or assessment as its icon and word, as the board shows them; the colour only adds to them. */
export function StatusText({ view }: { view: StatusView | AssessmentView }) {
  return (
    <span className={`kpi-status kpi-tone-${view.tone}`}>
      <KpiIcon name={view.icon} />
      <span>{view.label}</span>
    </span>
  );
}
