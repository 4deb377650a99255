import { type ApiResult, apiOk, type DownloadedFile, type ExportFormat } from '@loop/core';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { ExportFormatButtons } from '../shell/ExportFormatButtons';

/** CSV and XLSX exports of the finance screen, handed to the browser as downloads. */
export function FinanceExportButtons({
  labels,
  download,
}: {
  labels: Readonly<Record<ExportFormat, string>>;
  download: (format: ExportFormat) => Promise<ApiResult<DownloadedFile>>;
}) {
  const files = useAsyncInjection(TOKENS.FileSaver);
  return (
    <ExportFormatButtons
      labels={labels}
      download={async (format) => {
        const result = await download(format);
        if (!result.ok) return result;
        files.saveFile(result.value);
        return apiOk(result.value.filename);
      }}
    />
  );
}
