import type { SurveyStatus } from '@loop/core';
import { SURVEY_STATUS_LABELS } from '@loop/core/surveys/results';

/** 'Concept', 'Open' or 'Gesloten' as a coloured label; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: SurveyStatus }) {
  return <span className={`status-badge status-badge-${status}`}>{SURVEY_STATUS_LABELS[status]}</span>;
}
