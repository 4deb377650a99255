import { SURVEY_STATUS_LABELS, type SurveyStatus } from '@loop/core';

/** 'Concept', 'Open' or 'Gesloten' as a coloured label; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: SurveyStatus }) {
  return <span className={`status-badge status-badge-${status}`}>{SURVEY_STATUS_LABELS[status]}</span>;
}
