import type { FormResult } from '@loop/core';
import type { TemplateMeta } from '@loop/core/surveys/editor';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { TemplateForm } from './TemplateForm';

afterEach(unmountAll);

/** The form with a `save` that answers `answers` in turn and records what it got. */
async function open(answers: FormResult<string>[]) {
  const saved: TemplateMeta[] = [];
  const done: string[] = [];
  let cancelled = 0;
  const { container } = await render(
    <TemplateForm
      initial={{ name: 'Teamcheck', description: 'Onze vragen' }}
      descriptionLabel="Omschrijving"
      submitLabel="Opslaan"
      save={async (meta) => {
        saved.push(meta);
        return answers.shift() ?? { ok: true, value: meta.name };
      }}
      onSaved={(value) => done.push(value)}
      onCancel={() => {
        cancelled++;
      }}
    />,
  );
  const name = container.querySelector<HTMLInputElement>('input');
  const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
  return { container, name, saved, done, alerts, cancelled: () => cancelled };
}

describe('TemplateForm', () => {
  it('should open on the name and save the name and description as typed', async () => {
    const form = await open([]);
    expect(document.activeElement).toBe(form.name);
    await type(form.name, 'Teamcheck 2026');
    await click(button(form.container, 'Opslaan'));
    await waitFor(() => expect(form.done).toEqual(['Teamcheck 2026']));
    expect(form.saved).toEqual([{ name: 'Teamcheck 2026', description: 'Onze vragen' }]);
  });

  it('should show a refusal under the field it names, and any other above the buttons', async () => {
    const form = await open([
      { ok: false, message: 'Controleer de velden.', fields: { name: 'Geef het sjabloon een naam.' } },
      { ok: false, message: 'Het sjabloon kon niet worden opgeslagen.', fields: {} },
    ]);
    await click(button(form.container, 'Opslaan'));
    await waitFor(() => expect(form.alerts()).toEqual(['Geef het sjabloon een naam.']));
    expect(form.name?.getAttribute('aria-invalid')).toBe('true');

    await click(button(form.container, 'Opslaan'));
    await waitFor(() => expect(form.alerts()).toEqual(['Het sjabloon kon niet worden opgeslagen.']));
    expect(form.done).toEqual([]);
  });

  it('should leave without saving on Annuleren', async () => {
    const form = await open([]);
    await click(button(form.container, 'Annuleren'));
    expect(form.cancelled()).toBe(1);
    expect(form.saved).toEqual([]);
  });
});
