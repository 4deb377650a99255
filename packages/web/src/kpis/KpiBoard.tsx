import type { KpiCard } from '@loop/core';
import { kpiCardView } from '@loop/core/kpis';
import { KpiIcon } from './KpiIcon';
import { Sparkline } from './Sparkline';

/** The board's cards in the member's order: a grid of one column on a phone, more on wider screens. */
export function KpiCards({ cards }: { cards: readonly KpiCard[] }) {
  return (
    <ul className="card-grid kpi-grid" aria-label="KPI's">
      {cards.map((card) => (
        <li key={card.kpi.id}>
          <KpiCardPanel card={card} />
        </li>
      ))}
    </ul>
  );
}

/** One KPI: name, value in its unit, target, status and trend as text with an icon, sparkline, source. */
function KpiCardPanel({ card }: { card: KpiCard }) {
  const view = kpiCardView(card);
  const headingId = `kpi-${view.id}-name`;
  return (
    <article className="kpi-card" aria-labelledby={headingId} data-kpi-id={view.id}>
      <h3 id={headingId} className="kpi-card-name">
        {view.name}
      </h3>
      <p className="kpi-card-value">
        <span className="kpi-value">{view.value}</span>
        {view.period ? <span className="kpi-period">{view.period}</span> : null}
      </p>
      <p className={`kpi-status kpi-tone-${view.status.tone}`}>
        <KpiIcon name={view.status.icon} />
        <span>{view.status.label}</span>
        {view.target ? <span className="kpi-target">{view.target}</span> : null}
      </p>
      {view.trend ? (
        <p className={`kpi-trend kpi-tone-${view.trend.tone}`}>
          <KpiIcon name={view.trend.icon} />
          <span>
            <strong>{view.trend.label}</strong>: <span className="kpi-change">{view.trend.change}</span>{' '}
            {view.trend.against}
          </span>
        </p>
      ) : null}
      {view.state ? (
        <p className="kpi-state" role="note">
          {view.state}
        </p>
      ) : null}
      <Sparkline points={card.sparkline} text={view.sparklineText} />
      <p className="kpi-source">Bron: {view.source}</p>
    </article>
  );
}
