import { type FormResult, GENERIC_ERROR_MESSAGE } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';

export interface FormState {
  readonly busy: boolean;
  readonly fields: FieldErrors;
  readonly message: string | null;
}

/** What `useForm` hands the screen; `Form` wires it to the form element. */
export interface FormHandle extends FormState {
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

const IDLE: FormState = { busy: false, fields: {}, message: null };

/**
 * The submit cycle every form shares: busy while the use-case runs, its Dutch field errors and
 * message on failure (focus moves to the first invalid field), `onSuccess` otherwise.
 * `validate` adds checks the use-case cannot make (a repeated password).
 */
export function useForm<T>(options: {
  action: () => Promise<FormResult<T>>;
  onSuccess: (value: T) => void;
  validate?: () => FieldErrors;
}): FormHandle {
  const [state, setState] = useState<FormState>(IDLE);
  const formRef = useRef<HTMLFormElement>(null);
  const busyRef = useRef(false);

  useEffect(() => {
    if (Object.keys(state.fields).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.fields]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const local = options.validate?.() ?? {};
    if (Object.keys(local).length > 0) {
      setState({ busy: false, fields: local, message: null });
      return;
    }
    busyRef.current = true;
    setState({ busy: true, fields: {}, message: null });
    let result: FormResult<T>;
    try {
      result = await options.action();
    } catch (error) {
      // Use-cases answer expected failures as values; a throw is a bug, shown as a generic message.
      console.error(error);
      result = { ok: false, message: GENERIC_ERROR_MESSAGE, fields: {} };
    } finally {
      busyRef.current = false;
    }
    if (result.ok) {
      setState(IDLE);
      options.onSuccess(result.value);
    } else {
      setState({ busy: false, fields: result.fields, message: result.message });
    }
  }

  return { ...state, formRef, onSubmit };
}
