import type { Invitation, MemberRole } from '@loop/core';
import { formatDay } from '@loop/core/format';
import { type MemberRowView, ROLE_LABELS } from '@loop/core/organisation';
import { useId, useState } from 'react';

/** A member: name, e-mail, role (a choice where it may change), since when, and what may be done. */
export function MemberRow({
  row,
  onRole,
  onRemove,
  onTransfer,
}: {
  row: MemberRowView;
  onRole: (role: MemberRole) => void;
  onRemove: () => void;
  onTransfer: () => void;
}) {
  const selectId = useId();
  const { member } = row;
  return (
    <tr>
      <td>
        {member.name}
        {member.is_you ? ' (jij)' : ''}
      </td>
      <td>{member.email}</td>
      <td>
        {row.roleChoices.length > 0 ? (
          <>
            <label htmlFor={selectId} className="visually-hidden">
              Rol van {member.name}
            </label>
            <select id={selectId} value={member.role} onChange={(e) => onRole(e.target.value as MemberRole)}>
              {row.roleChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {ROLE_LABELS[choice]}
                </option>
              ))}
            </select>
          </>
        ) : (
          row.roleLabel
        )}
      </td>
      <td>{member.joined_at ? formatDay(member.joined_at) : '-'}</td>
      <td>
        <div className="row-actions">
          {row.canTransfer ? (
            <button type="button" className="button button-secondary button-small" onClick={onTransfer}>
              Eigenaar maken<span className="visually-hidden"> ({member.name})</span>
            </button>
          ) : null}
          {row.canRemove ? (
            <button type="button" className="button button-secondary button-small" onClick={onRemove}>
              Verwijderen<span className="visually-hidden"> ({member.name})</span>
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** A pending invitation: to whom, which role, by whom, until when; send it again or withdraw it. */
export function InvitationRow({
  invitation,
  onResend,
  onWithdraw,
}: {
  invitation: Invitation;
  onResend: () => Promise<void>;
  onWithdraw: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <tr>
      <td>{invitation.email}</td>
      <td>{ROLE_LABELS[invitation.role]}</td>
      <td>{invitation.invited_by ?? '-'}</td>
      <td>{invitation.state === 'expired' ? 'Verlopen' : formatDay(invitation.expires_at)}</td>
      <td>
        <div className="row-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={async () => {
              setBusy(true);
              await onResend();
              setBusy(false);
            }}
          >
            {busy ? 'Bezig met versturen...' : 'Opnieuw versturen'}
            <span className="visually-hidden"> ({invitation.email})</span>
          </button>
          <button type="button" className="button button-secondary button-small" onClick={onWithdraw}>
            Intrekken<span className="visually-hidden"> ({invitation.email})</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
