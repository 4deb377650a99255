import type { DateFilter } from '@loop/core/surveys/results';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { ExportFormatButtons } from '../../shell/ExportFormatButtons';

const LABELS = { csv: 'Exporteren CSV', xlsx: 'Exporteren XLSX' } as const;

/** 'Exporteren CSV' / 'Exporteren XLSX' of the responses in the filtered period. */
export function ExportButtons({ surveyId, filter }: { surveyId: number; filter: DateFilter }) {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return (
    <ExportFormatButtons
      labels={LABELS}
      download={(format) => results.exportResponses(surveyId, format, filter)}
    />
  );
}
