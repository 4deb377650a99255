import type { FileSaver, MemberRole, Survey } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { createSurveyShare, type QrCodeRenderer } from '@loop/core/surveys/results';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { button, click, render, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';

afterEach(() => {
  unmountAll();
  Reflect.deleteProperty(navigator, 'clipboard');
});

beforeAll(async () => {
  await import('../editor/SurveyEditorScreen');
});

const SURVEY: Survey = {
  id: 5,
  organization_id: 7,
  title: 'Klanttevredenheid',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt!',
  status: 'draft',
  close_at: null,
  created_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
  published_at: null,
  closed_at: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
  ],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  response_count: 0,
  version: 3,
  estimated_seconds: 27,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

const LINK = () => `${globalThis.location.origin}/respond/PUBLIEK5`;

/** Draws a recognisable SVG of the text and records what was asked. */
function fakeQr() {
  const asked: string[] = [];
  const renderer: QrCodeRenderer = {
    svg: async (text) => {
      asked.push(`svg ${text}`);
      return `<svg xmlns="http://www.w3.org/2000/svg" data-link="${text}"/>`;
    },
    png: async (text, size) => {
      asked.push(`png ${text} ${size}`);
      return new Uint8Array([137, 80, 78, 71]);
    },
  };
  return { renderer, asked };
}

function recordingFiles() {
  const saved: Array<{ filename: string; content: string | Uint8Array; type: string }> = [];
  const files: FileSaver = {
    saveFile: () => {},
    saveText: (filename, text, type) => saved.push({ filename, content: text, type }),
    saveBytes: (filename, bytes, type) => saved.push({ filename, content: bytes, type }),
  };
  return { files, saved };
}

async function publish(role: MemberRole = 'member') {
  const qr = fakeQr();
  const files = recordingFiles();
  const share = createSurveyShare({ qr: async () => qr.renderer, files: files.files });
  const test = createSignedInApp({
    role: role,
    path: '/survey/5/edit',

    overrides: { FileSaver: files.files, SurveyShare: share },
    routes: {
      'GET /surveys/5': () => json(200, SURVEY),
      'POST /surveys/5/status': () => json(200, { ...SURVEY, status: 'open' }),
      'GET /surveys/5/links': () =>
        json(200, { public_token: 'PUBLIEK5', personal: { total: 0, started: 0, completed: 0 } }),
    },
  });
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  const publishButton = await waitFor(() => {
    const found = button(container, 'Publiceren');
    if (!found) throw new Error('not yet');
    return found;
  });
  await click(publishButton);
  const dialog = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!found?.querySelector('[data-testid="share-qr"]')) throw new Error('not yet');
    return found;
  });
  return { test, dialog, container, qr, files };
}

const copyButton = (root: ParentNode) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Kopiëren')) ?? null;

describe('the share step after opening a survey', () => {
  it('should end opening on a dialog with the public link, its QR code, the invitations and where to find it again', async () => {
    const { dialog, qr } = await publish();
    expect(dialog.querySelector('h2')?.textContent).toBe('Deel je survey');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const field = dialog.querySelector<HTMLInputElement>('#public-link');
    expect(field?.value).toBe(LINK());
    expect(field?.readOnly).toBe(true);
    const image = dialog.querySelector<HTMLImageElement>('[data-testid="share-qr"]');
    expect(image?.alt).toBe('QR-code van de openbare link');
    expect(decodeURIComponent(image?.getAttribute('src') ?? '')).toBe(
      `data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg" data-link="${LINK()}"/>`,
    );
    expect(qr.asked).toEqual([`svg ${LINK()}`]);
    const invite = [...dialog.querySelectorAll('a')].find((a) => a.textContent === 'Uitnodigen via e-mail');
    expect(invite?.getAttribute('href')).toBe('/survey/5/uitnodigen');
    expect(dialog.querySelector('[data-testid="share-reach-again"]')?.textContent).toBe(
      "Je vindt de link en de QR-code altijd terug onder 'Delen' bovenaan de resultatenpagina.",
    );
  });

  it('should copy the link to the clipboard and say so beside the button', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    const { dialog } = await publish();
    await click(copyButton(dialog));
    expect(written).toEqual([LINK()]);
    await waitFor(() =>
      expect(dialog.querySelector('[data-testid="share-copied"]')?.textContent).toBe(
        'De openbare link is gekopieerd.',
      ),
    );
    expect(copyButton(dialog)).toBeNull();
    expect([...dialog.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Gekopieerd'))).toBe(
      true,
    );
  });

  it('should select the link to copy by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () => {
          throw new Error('denied');
        },
      },
    });
    const { dialog } = await publish();
    const field = dialog.querySelector<HTMLInputElement>('#public-link');
    await click(copyButton(dialog));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field?.selectionStart).toBe(0);
    expect(field?.selectionEnd).toBe(LINK().length);
    expect(dialog.querySelector('[data-testid="share-copied"]')?.textContent).toBe('');
  });

  it('should download the QR code as SVG and as a 1024-pixel PNG through the file saver', async () => {
    const { dialog, qr, files } = await publish();
    await click(button(dialog, 'Download SVG'));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    await click(button(dialog, 'Download PNG'));
    await waitFor(() => expect(files.saved).toHaveLength(2));
    expect(files.saved).toEqual([
      {
        filename: 'qr-code-survey-5.svg',
        content: `<svg xmlns="http://www.w3.org/2000/svg" data-link="${LINK()}"/>`,
        type: 'image/svg+xml',
      },
      { filename: 'qr-code-survey-5.png', content: new Uint8Array([137, 80, 78, 71]), type: 'image/png' },
    ]);
    expect(qr.asked).toEqual([`svg ${LINK()}`, `png ${LINK()} 1024`]);
  });

  it('should close with Sluiten and return focus to the survey status', async () => {
    const { dialog, container } = await publish();
    await click(button(dialog, 'Sluiten'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(container.querySelector('.status-line'));
    expect(container.querySelector('[data-testid="survey-status"]')?.textContent).toBe('Open');
  });
});
