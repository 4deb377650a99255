import { formFromApi, formInvalid, type MemberRole } from '@loop/core';
import { emailError, organizationNameError } from '@loop/core/auth';
import { ROLE_LABELS } from '@loop/core/organisation';
import { useId, useState } from 'react';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { Form } from '../forms/Form';
import { FieldError } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';

/** 'Collega uitnodigen': an e-mail address and the role the colleague gets. */
export function InviteForm({ roles, onInvited }: { roles: readonly MemberRole[]; onInvited: () => void }) {
  const team = useAsyncInjection(TOKENS.TeamGateway);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles.includes('member') ? 'member' : (roles[0] ?? 'viewer'));
  const roleId = useId();
  const notices = useNotices();
  const form = useForm({
    action: async () => {
      const problem = emailError(email);
      if (problem !== null) return formInvalid({ email: problem });
      return formFromApi(await team.invite({ email: email.trim(), role }));
    },
    onSuccess: (invitation) => {
      notices.success(`Uitnodiging verstuurd naar ${invitation.email}.`);
      setEmail('');
      onInvited();
    },
  });
  return (
    <Form form={form} submit="Uitnodiging versturen" busyLabel="Bezig met versturen...">
      <Field
        id="invite-email"
        label="E-mailadres"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={form.fields.email}
        hint="De uitnodiging is 7 dagen geldig. Wie nog geen account heeft, maakt er met de link een aan."
      />
      <div className="field">
        <label htmlFor={roleId}>Rol</label>
        <select
          id={roleId}
          value={role}
          onChange={(e) => setRole(e.target.value as MemberRole)}
          aria-invalid={form.fields.role ? true : undefined}
          aria-describedby={form.fields.role ? `${roleId}-error` : undefined}
        >
          {roles.map((choice) => (
            <option key={choice} value={choice}>
              {ROLE_LABELS[choice]}
            </option>
          ))}
        </select>
        <FieldError id={`${roleId}-error`} error={form.fields.role} />
      </div>
    </Form>
  );
}

/** 'Naam': renames the organisation (owners). */
export function RenameSection({ currentName }: { currentName: string }) {
  const team = useAsyncInjection(TOKENS.TeamGateway);
  const users = useInjection(TOKENS.CurrentUserStore);
  const [name, setName] = useState(currentName);
  const notices = useNotices();
  const form = useForm({
    action: async () => {
      const problem = organizationNameError(name);
      if (problem !== null) return formInvalid({ name: problem });
      return formFromApi(await team.rename(name));
    },
    onSuccess: async (organisation) => {
      users.switchOrganisation({ id: organisation.id, name: organisation.name });
      await users.reload();
      notices.success(`De organisatie heet nu ${organisation.name}.`);
    },
  });
  return (
    <section className="panel" aria-labelledby="rename-heading">
      <h2 id="rename-heading">Naam</h2>
      <Form form={form} submit="Naam opslaan" busyLabel="Bezig met opslaan...">
        <Field
          id="organisation-name"
          label="Naam van de organisatie"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={form.fields.name}
        />
      </Form>
    </section>
  );
}
