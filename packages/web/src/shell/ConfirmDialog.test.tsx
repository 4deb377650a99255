import { act, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, render, unmountAll } from '../testing/render';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(unmountAll);

const press = async (key: string, shiftKey = false) => {
  await act(async () => {
    (document.activeElement ?? document.body).dispatchEvent(
      new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
    );
  });
};

/** A page with a button that opens the dialog, and a field focus may fall back to. */
function Page({
  onConfirm = () => {},
  busy = false,
  error = null,
  removeOpener = false,
}: {
  onConfirm?: () => void;
  busy?: boolean;
  error?: string | null;
  removeOpener?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  const fallback = useRef<HTMLInputElement>(null);
  return (
    <main>
      <input ref={fallback} id="fallback" aria-label="Zoeken" />
      {gone ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Verwijderen
        </button>
      )}
      {open ? (
        <ConfirmDialog
          title="'Peiling' verwijderen?"
          confirmLabel="Survey verwijderen"
          busy={busy}
          error={error}
          returnFocus={fallback}
          onConfirm={() => {
            onConfirm();
            if (removeOpener) setGone(true);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        >
          <p>Deze survey heeft 65 antwoorden. Verwijderen kan niet ongedaan worden gemaakt.</p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

async function openDialog(props: Parameters<typeof Page>[0] = {}) {
  const { container } = await render(<Page {...props} />);
  const opener = button(container, 'Verwijderen') as HTMLButtonElement;
  opener.focus();
  await click(opener);
  const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]');
  if (!dialog) throw new Error('no dialog');
  return { container, opener, dialog };
}

describe('ConfirmDialog', () => {
  it('should be a labelled modal alert dialog with the focus on Annuleren and the page inert', async () => {
    const { container, dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      "'Peiling' verwijderen?",
    );
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Deze survey heeft 65 antwoorden. Verwijderen kan niet ongedaan worden gemaakt.',
    );
    expect(document.activeElement?.textContent).toBe('Annuleren');
    expect(container.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
  });

  it('should keep Tab inside the dialog', async () => {
    await openDialog();
    await press('Tab');
    expect(document.activeElement?.textContent).toBe('Survey verwijderen');
    await press('Tab', true);
    expect(document.activeElement?.textContent).toBe('Annuleren');
  });

  it('should close on Escape and give the focus back to the button that opened it', async () => {
    const { container, opener } = await openDialog();
    await press('Escape');
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(container.hasAttribute('inert')).toBe(false);
  });

  it('should ignore Escape while the action runs and show why it failed', async () => {
    await openDialog({ busy: true, error: 'Er ging iets mis.' });
    await press('Escape');
    expect(document.querySelector('[role="alertdialog"]')).not.toBeNull();
    expect(button(document.body, 'Survey verwijderen')?.disabled).toBe(true);
    expect(document.querySelector('[role="alertdialog"] [role="alert"]')?.textContent).toBe(
      'Er ging iets mis.',
    );
  });

  it('should confirm, and send the focus to the fallback when the opener is gone', async () => {
    const onConfirm = vi.fn();
    await openDialog({ onConfirm, removeOpener: true });
    await click(button(document.body, 'Survey verwijderen'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.activeElement?.id).toBe('fallback');
  });
});
