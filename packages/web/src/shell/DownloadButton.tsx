import { useState } from 'react';
import { useNotices } from '../app/useServices';

/**
 * A secondary button that starts a download, busy while it runs; a failure is told in a toast with
 * the server's reason, or `failed` when there is none.
 */
export function DownloadButton({
  label,
  failed,
  download,
}: {
  label: string;
  failed: string;
  download: () => Promise<{ readonly ok: boolean; readonly message?: string | null }>;
}) {
  const notices = useNotices();
  const [downloading, setDownloading] = useState(false);

  async function start() {
    setDownloading(true);
    const result = await download();
    setDownloading(false);
    if (!result.ok) notices.error(result.message ?? failed);
  }

  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => void start()}
      disabled={downloading}
      aria-busy={downloading || undefined}
    >
      {downloading ? 'Bezig met downloaden...' : label}
    </button>
  );
}
