/** 'Vorige' / 'Pagina x van y' / 'Volgende' under a paged table. */
export function Pager({
  label,
  page,
  pages,
  busy,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1 || busy}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        Vorige
      </button>
      <span>
        Pagina {page} van {pages}
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Volgende
      </button>
    </nav>
  );
}
