/** 'Geldt bij': how a group's conditions join, 'en' (all) or 'of' (any); a rule's and a quota's alike. */
export function MatchSelect({
  id,
  match,
  disabled = false,
  onChange,
}: {
  id: string;
  match: 'all' | 'any';
  disabled?: boolean;
  onChange: (match: 'all' | 'any') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Geldt bij</label>
      <select
        id={id}
        value={match}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === 'any' ? 'any' : 'all')}
      >
        <option value="all">Alle voorwaarden (en)</option>
        <option value="any">Minstens één voorwaarde (of)</option>
      </select>
    </div>
  );
}
