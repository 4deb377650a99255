import type { StatusView, TrendView } from '@loop/core/kpis';

type IconName = StatusView['icon'] | TrendView['icon'];

/** Stroke paths on a 16 × 16 grid. */
const PATHS: Readonly<Record<IconName, string>> = {
  check: 'M3 8.5l3.2 3.2L13 4.8',
  warning: 'M8 2.5L14.5 13.5H1.5ZM8 6.5v3.5M8 11.8v.2',
  cross: 'M4 4l8 8M12 4l-8 8',
  target: 'M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11M8 6.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3',
  dash: 'M4 8h8',
  'arrow-up': 'M8 13V3M3.5 7.5L8 3l4.5 4.5',
  'arrow-down': 'M8 3v10M3.5 8.5L8 13l4.5-4.5',
  'arrow-flat': 'M3 8h10M8.5 3.5L13 8l-4.5 4.5',
};

/** A status or trend symbol beside its text label (never instead of it): decorative. */
export function KpiIcon({ name }: { name: IconName }) {
  return (
    <svg className="kpi-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
