import type { KpiSparkPoint } from '@loop/core';
import { sparklineShape } from '@loop/core/kpis';

const WIDTH = 120;
const HEIGHT = 32;

/**
 * A card's sparkline: a small hand-made SVG line over the last periods, a gap where a period has no
 * value, a dot per value, a larger one on the newest. Decorative for assistive technology: `text` (the values in
 * words) is read instead.
 */
export function Sparkline({ points, text }: { points: readonly KpiSparkPoint[]; text: string }) {
  const shape = sparklineShape(
    points.map((point) => point.value),
    WIDTH,
    HEIGHT,
    3,
  );
  return (
    <div className="sparkline">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        aria-hidden="true"
        focusable="false"
      >
        {shape.path === '' ? null : <path d={shape.path} className="sparkline-line" />}
        {shape.dots.map((dot) => (
          <circle key={`${dot.x}`} cx={dot.x} cy={dot.y} r={1.5} className="sparkline-dot" />
        ))}
        {shape.last ? <circle cx={shape.last.x} cy={shape.last.y} r={3} className="sparkline-dot" /> : null}
      </svg>
      <p className="visually-hidden">{text}</p>
    </div>
  );
}
