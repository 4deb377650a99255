import { type ContactMapView, type LegendEntry, MAP_TONE_COLOURS } from '@loop/core/contactMap';
import { useId } from 'react';
import { LoadFailed } from '../routing/Loading';
import { CONTACT_MAP_TEXTS } from './contactMapTexts';
import { useMapSurveys } from './useContactMap';

/**
 * 'Kleur op': the organisation's surveys the map can be coloured by (never anonymous ones), or
 * none. The choice is kept in the address (`kleur=12`).
 */
export function MapColourSelect({
  colour,
  onColour,
}: {
  colour: number | null;
  onColour: (colour: number | null) => void;
}) {
  const surveys = useMapSurveys();
  const id = useId();
  const items = surveys.value ?? [];
  return (
    <div className="contact-map-colour">
      <label htmlFor={id}>{CONTACT_MAP_TEXTS.colourLabel}</label>
      <select
        id={id}
        value={colour === null ? '' : String(colour)}
        aria-describedby={`${id}-note`}
        onChange={(event) => onColour(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{CONTACT_MAP_TEXTS.colourNone}</option>
        {colour !== null && !items.some((survey) => survey.id === colour) ? (
          <option value={String(colour)}>{surveys.value === null ? 'Laden...' : `Survey ${colour}`}</option>
        ) : null}
        {items.map((survey) => (
          <option key={survey.id} value={String(survey.id)}>
            {`${survey.title} (${CONTACT_MAP_TEXTS.colourBy(survey.by)})`}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="contact-note">
        {surveys.value !== null && items.length === 0
          ? CONTACT_MAP_TEXTS.colourNoSurveys
          : CONTACT_MAP_TEXTS.colourAnonymous}
      </p>
      {surveys.error ? <LoadFailed message={surveys.error} onRetry={surveys.reload} /> : null}
    </div>
  );
}

/** The legend: what each colour means, in words (and with a survey, how many contacts each). */
export function MapLegend({ view }: { view: ContactMapView }) {
  const id = useId();
  const coloured = view.colouring !== null;
  const text = (entry: LegendEntry) =>
    coloured ? `${entry.label}: ${view.toneCounts[entry.tone]}` : entry.label;
  return (
    <div className="contact-map-legend-box">
      {coloured ? (
        <p id={id} className="contact-map-legend-title">
          {view.legendTitle}
        </p>
      ) : null}
      <ul
        className="contact-map-legend"
        {...(coloured ? { 'aria-labelledby': id } : { 'aria-label': 'Legenda' })}
      >
        {view.legend.map((entry) => (
          <li key={entry.tone}>
            <span
              className="contact-map-swatch"
              style={{ background: MAP_TONE_COLOURS[entry.tone] }}
              aria-hidden="true"
            />
            {text(entry)}
          </li>
        ))}
      </ul>
    </div>
  );
}
