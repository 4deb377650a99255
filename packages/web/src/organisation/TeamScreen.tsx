import { apiOk, type Invitation, MEMBER_ROLES, type MemberRole } from '@loop/core';
import { can, type MemberRowView, ROLE_DESCRIPTIONS, ROLE_LABELS, teamView } from '@loop/core/organisation';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FormAlert } from '../forms/FormAlert';
import { ContactRulesSection } from '../invitations/ContactRulesSection';
import { LoadFailed, Loading } from '../routing/Loading';
import { useInvalidate, useQuery } from '../shared/useQuery';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { Page } from '../shell/Page';
import { TableScroll } from '../shell/TableScroll';
import { OrganisationDataSection } from './OrganisationDataSection';
import { InviteForm, RenameSection } from './TeamForms';
import { InvitationRow, MemberRow } from './TeamRows';
import { useCurrentRole } from './useCurrentRole';
import { useCurrentUser } from './useCurrentUser';

const MEMBER_COLUMNS = ['Naam', 'E-mailadres', 'Rol', 'Lid sinds', 'Acties'] as const;
const INVITATION_COLUMNS = ['E-mailadres', 'Rol', 'Uitgenodigd door', 'Geldig tot', 'Acties'] as const;

/** A pending confirmation: what it is about, and what runs when the user confirms. */
interface Pending {
  readonly title: string;
  readonly text: string;
  readonly confirmLabel: string;
  readonly busyLabel: string;
  readonly run: () => Promise<string | null>;
}

/**
 * /organisatie: the current organisation's team. Everyone sees the members and what each role may
 * do; owners and managers invite colleagues; owners change roles, remove members, hand over
 * ownership and rename. The buttons follow core's permission table, the server checks it again.
 */
export function TeamScreen() {
  const team = useAsyncInjection(TOKENS.TeamGateway);
  const users = useInjection(TOKENS.CurrentUserStore);
  const { organisation } = useCurrentUser();
  const role = useCurrentRole();
  const [, navigate] = useLocation();
  const notices = useNotices();
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  const invalidate = useInvalidate();
  const members = useQuery('team:members', () => team.members());
  const mayInvite = can(role, 'members.invite');
  const invitations = useQuery(`team:invitations:${mayInvite}`, () =>
    mayInvite ? team.invitations() : Promise.resolve(apiOk<readonly Invitation[]>([])),
  );
  const refresh = () => invalidate('team:');
  const view = members.value ? teamView(members.value, role) : null;

  async function confirm() {
    if (pending === null) return;
    setConfirming({ busy: true, error: null });
    const error = await pending.run();
    if (error !== null) {
      setConfirming({ busy: false, error });
      return;
    }
    setConfirming({ busy: false, error: null });
    setPending(null);
  }

  const ask = (next: Pending) => {
    setConfirming({ busy: false, error: null });
    setPending(next);
  };

  async function changeRole(row: MemberRowView, next: MemberRole) {
    const result = await team.changeRole(row.member.user_id, next);
    if (!result.ok) {
      notices.error(result.detail);
      return;
    }
    notices.success(`${row.member.name} is nu ${ROLE_LABELS[next].toLowerCase()}.`);
    refresh();
  }

  const askRemove = (row: MemberRowView) =>
    ask({
      title: 'Lid verwijderen',
      text:
        `${row.member.name} verliest meteen de toegang tot ${organisation?.name ?? 'de organisatie'}. ` +
        'Surveys en antwoorden blijven bewaard.',
      confirmLabel: 'Verwijderen',
      busyLabel: 'Bezig met verwijderen...',
      run: async () => {
        const result = await team.remove(row.member.user_id);
        if (!result.ok) return result.detail;
        notices.success(`${row.member.name} is uit de organisatie verwijderd.`);
        refresh();
        return null;
      },
    });

  const askTransfer = (row: MemberRowView) =>
    ask({
      title: 'Eigendom overdragen',
      text:
        `${row.member.name} wordt eigenaar van ${organisation?.name ?? 'de organisatie'}. Jij wordt beheerder: ` +
        'je kunt dan niet meer het abonnement, de leden of de organisatie zelf beheren.',
      confirmLabel: 'Overdragen',
      busyLabel: 'Bezig met overdragen...',
      run: async () => {
        const result = await team.transfer(row.member.user_id);
        if (!result.ok) return result.detail;
        notices.success(`${row.member.name} is nu eigenaar.`);
        await users.reload();
        refresh();
        return null;
      },
    });

  const askLeave = () =>
    ask({
      title: 'Organisatie verlaten',
      text: `Je verliest de toegang tot ${organisation?.name ?? 'de organisatie'}. Alleen een nieuwe uitnodiging brengt je terug.`,
      confirmLabel: 'Verlaten',
      busyLabel: 'Bezig met verlaten...',
      run: async () => {
        const result = await team.leave();
        if (!result.ok) return result.detail;
        notices.info(`Je hebt ${organisation?.name ?? 'de organisatie'} verlaten.`);
        await users.reload();
        navigate('/dashboard', { replace: true });
        return null;
      },
    });

  return (
    <Page
      title="Organisatie"
      lead={
        organisation
          ? `Het team van ${organisation.name}.${role ? ` Je rol: ${ROLE_LABELS[role].toLowerCase()}.` : ''}`
          : undefined
      }
    >
      {view?.canRename && organisation ? <RenameSection currentName={organisation.name} /> : null}

      <section className="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Leden</h2>
        {members.value === null ? (
          members.error ? (
            <LoadFailed message={members.error} onRetry={members.reload} />
          ) : (
            <Loading />
          )
        ) : (
          <>
            <TableScroll label="Tabel met leden" columns={MEMBER_COLUMNS} cards>
              {view?.rows.map((row) => (
                <MemberRow
                  key={row.member.user_id}
                  row={row}
                  onRole={(next) => void changeRole(row, next)}
                  onRemove={() => askRemove(row)}
                  onTransfer={() => askTransfer(row)}
                />
              ))}
            </TableScroll>
            {view?.manageRefusal ? <p className="field-hint">{view.manageRefusal}</p> : null}
          </>
        )}
      </section>

      <section className="panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Collega uitnodigen</h2>
        {view === null ? null : view.canInvite ? (
          <>
            <InviteForm roles={view.inviteRoles} onInvited={refresh} />
            <h3>Openstaande uitnodigingen</h3>
            <FormAlert message={invitations.error} />
            {invitations.value === null ? (
              invitations.error ? null : (
                <Loading />
              )
            ) : invitations.value.length === 0 ? (
              <p>Er staan geen uitnodigingen open.</p>
            ) : (
              <TableScroll label="Tabel met openstaande uitnodigingen" columns={INVITATION_COLUMNS} cards>
                {invitations.value.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    onResend={async () => {
                      const result = await team.resend(invitation.id);
                      if (!result.ok) notices.error(result.detail);
                      else notices.success(`De uitnodiging is opnieuw verstuurd naar ${invitation.email}.`);
                      refresh();
                    }}
                    onWithdraw={() =>
                      ask({
                        title: 'Uitnodiging intrekken',
                        text: `De link in de uitnodiging aan ${invitation.email} werkt dan niet meer.`,
                        confirmLabel: 'Intrekken',
                        busyLabel: 'Bezig met intrekken...',
                        run: async () => {
                          const result = await team.withdraw(invitation.id);
                          if (!result.ok) return result.detail;
                          notices.info(`De uitnodiging aan ${invitation.email} is ingetrokken.`);
                          refresh();
                          return null;
                        },
                      })
                    }
                  />
                ))}
              </TableScroll>
            )}
          </>
        ) : (
          <p className="alert alert-info">{view.inviteRefusal}</p>
        )}
      </section>

      <section className="panel" aria-labelledby="roles-heading">
        <h2 id="roles-heading">Wat elke rol mag</h2>
        <dl className="role-list">
          {MEMBER_ROLES.map((each) => (
            <div key={each}>
              <dt>{ROLE_LABELS[each]}</dt>
              <dd>{ROLE_DESCRIPTIONS[each]}</dd>
            </div>
          ))}
        </dl>
      </section>

      {can(role, 'contacts.rules') ? <ContactRulesSection /> : null}
      {organisation && can(role, 'organization.own') ? (
        <OrganisationDataSection name={organisation.name} />
      ) : null}

      {view ? (
        <section className="panel" aria-labelledby="leave-heading">
          <h2 id="leave-heading">Organisatie verlaten</h2>
          {view.leaveRefusal ? (
            <p>{view.leaveRefusal}</p>
          ) : (
            <button type="button" className="button button-secondary" onClick={askLeave}>
              Organisatie verlaten
            </button>
          )}
        </section>
      ) : null}

      {pending !== null ? (
        <ConfirmDialog
          title={pending?.title ?? ''}
          confirmLabel={pending?.confirmLabel ?? ''}
          busy={confirming.busy}
          error={confirming.error}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          <p>{pending?.text}</p>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}
