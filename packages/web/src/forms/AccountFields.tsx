import { type FieldErrors, PASSWORD_MIN_LENGTH } from '@loop/core/auth';
import { type ChangeEvent, useState } from 'react';
import { Field } from './Field';

// The fields of the account forms (login, registration, password reset, profile), kept in one module
// so those screens share one small chunk.

/** What a ready-made field takes: its text, a setter for the new text, and its error from `useForm`. */
export interface TextFieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | null | undefined;
}

/** The `Field` props that bind a ready-made field to its screen's state. */
const bind = ({ value, onChange, error }: TextFieldProps) => ({
  value,
  onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
  error,
});

/** A person's name ('Naam'), as on registration and the profile. */
export function NameField(props: TextFieldProps) {
  return <Field id="name" label="Naam" autoComplete="name" required {...bind(props)} />;
}

/**
 * The e-mail address ('E-mailadres'). On the login form it is the account name, so password managers
 * pair it with the password: pass `autoComplete="username"` there.
 */
export function EmailField({
  autoComplete = 'email',
  id = 'email',
  label = 'E-mailadres',
  ...props
}: TextFieldProps & { autoComplete?: 'email' | 'username'; id?: string; label?: string }) {
  return (
    <Field
      id={id}
      label={label}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      {...bind(props)}
    />
  );
}

interface PasswordFieldProps extends TextFieldProps {
  readonly id?: string;
  readonly label?: string;
}

/** The password the user has now: 'Wachtwoord' on the login form, 'Huidig wachtwoord' on the profile. */
export function CurrentPasswordField({
  id = 'password',
  label = 'Wachtwoord',
  ...props
}: PasswordFieldProps) {
  return (
    <Field id={id} label={label} type="password" autoComplete="current-password" required {...bind(props)} />
  );
}

/** A password being chosen, with the minimum length as its hint (registration also sets `minLength`). */
export function NewPasswordField({
  id = 'password',
  label = 'Nieuw wachtwoord',
  minLength,
  ...props
}: PasswordFieldProps & { minLength?: number }) {
  return (
    <Field
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={`Minimaal ${PASSWORD_MIN_LENGTH} tekens.`}
      required
      minLength={minLength}
      {...bind(props)}
    />
  );
}

/** Shown when the repeated password differs from the new one. */
export const PASSWORDS_DIFFER = 'De wachtwoorden komen niet overeen.';

/** The ids (and error keys) of the two fields: the new password and its repetition. */
export interface NewPasswordIds {
  readonly password: string;
  readonly confirm: string;
}

const DEFAULT_IDS: NewPasswordIds = { password: 'password', confirm: 'confirm' };

/** A new password typed twice: both texts, their setters, and the check that they match. */
export function useNewPassword(ids: NewPasswordIds = DEFAULT_IDS) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    ids,
    password,
    confirm,
    setPassword,
    setConfirm,
    /** The repetition's error when the two differ, for `useForm`'s `validate`. */
    mismatch: (): FieldErrors => (confirm !== password ? { [ids.confirm]: PASSWORDS_DIFFER } : {}),
    clear: () => {
      setPassword('');
      setConfirm('');
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** 'Nieuw wachtwoord' and 'Herhaal het nieuwe wachtwoord', with their errors from the form. */
export function NewPasswordFields({ state, errors }: { state: NewPassword; errors: FieldErrors }) {
  const { ids } = state;
  return (
    <>
      <NewPasswordField
        id={ids.password}
        value={state.password}
        onChange={state.setPassword}
        error={errors[ids.password]}
      />
      <Field
        id={ids.confirm}
        label="Herhaal het nieuwe wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        {...bind({ value: state.confirm, onChange: state.setConfirm, error: errors[ids.confirm] })}
      />
    </>
  );
}
