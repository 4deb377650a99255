import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import { analysis, FakeAnalysisGateway, LIST, NOW, sessionWith } from './AnalysisSession.fixtures';
import { analysisScreenView, earlierAnalysisViews } from './analysisView';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('AnalysisSession', () => {
  it('should start empty and load the earlier analyses once, staying empty without any', async () => {
    const { session, gateway } = sessionWith();
    expect(session.getSnapshot()).toMatchObject({ status: 'empty', shown: null, error: null });
    expect(session.getSnapshot().history.status).toBe('loading');
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({
      createLabel: 'Maak Analyse',
      createDisabled: false,
      showEmpty: true,
      basis: null,
      generated: null,
    });
    await Promise.all([session.load(), session.load()]);
    expect(gateway.calls).toEqual(['list', 'latest']);
    expect(session.getSnapshot()).toMatchObject({ status: 'empty', loading: null, shown: null });
    expect(session.getSnapshot().history).toEqual({
      status: 'ready',
      dataPoints: LIST.data_points,
      analyses: LIST.analyses,
    });
    expect(analysisScreenView(session.getSnapshot()).basis).toBe("Gebaseerd op 5 KPI's en 3 surveys");
  });

  it("should disable the button reading 'Bezig met analyseren...' while loading, then show the result", async () => {
    const gateway = new FakeAnalysisGateway();
    const { session } = sessionWith(gateway);
    await session.load();
    gateway.hold = true;
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getSnapshot().status));
    const making = session.create();
    expect(session.getSnapshot()).toMatchObject({ status: 'loading', loading: { kind: 'create' } });
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({
      createLabel: 'Bezig met analyseren...',
      createDisabled: true,
      showEmpty: false,
      openDisabled: true,
    });
    gateway.release('create', apiOk(analysis()));
    await flush();
    expect(session.getSnapshot()).toMatchObject({ status: 'result', loading: null, error: null });
    expect(session.getSnapshot().shown).toEqual({ analysis: analysis(), id: null, madeThisVisit: true });
    const view = analysisScreenView(session.getSnapshot());
    expect(view).toMatchObject({ createLabel: 'Maak Analyse', createDisabled: false, showEmpty: false });
    expect(view.generated).toBe('Zojuist gegenereerd');
    // The subtitle now tells what this analysis rests on.
    expect(view.basis).toBe("Gebaseerd op 4 KPI's en 2 surveys");
    // The new analysis joins the list: asked for again.
    expect(gateway.calls).toEqual(['list', 'latest', 'create', 'list']);
    gateway.release('list', apiOk(LIST));
    await making;
    expect(seen.slice(0, 2)).toEqual(['loading', 'result']);
  });

  it("should open on the organisation's latest analysis with 'Gegenereerd op …', not on the empty state", async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.hold = true;
    gateway.latestReply = apiOk({ latest: { id: 9, ...analysis('2025-10-01T08:30:00Z', '# Oktober') } });
    const { session } = sessionWith(gateway);
    const loading = session.load();
    // While it is read the page says so; 'Maak Analyse' stays usable.
    expect(session.getSnapshot()).toMatchObject({ status: 'loading', loading: { kind: 'latest' } });
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({
      showEmpty: false,
      createDisabled: false,
    });
    gateway.release('latest', gateway.latestReply);
    gateway.release('list', gateway.listReply);
    await loading;
    expect(session.getSnapshot()).toMatchObject({
      status: 'result',
      loading: null,
      shown: { analysis: analysis('2025-10-01T08:30:00Z', '# Oktober'), id: 9, madeThisVisit: false },
    });
    const view = analysisScreenView(session.getSnapshot());
    expect(view.generated).toBe('Gegenereerd op 1 oktober 2025 om 10:30');
    expect(view.showEmpty).toBe(false);
    expect(earlierAnalysisViews(session.getSnapshot()).map((item) => item.shown)).toEqual([true, false]);
  });

  it('should drop the latest analysis when a new one was asked for meanwhile, and stay empty when it cannot be read', async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.hold = true;
    gateway.latestReply = apiOk({ latest: { id: 9, ...analysis('2025-10-01T08:30:00Z') } });
    const { session } = sessionWith(gateway);
    void session.load();
    const making = session.create();
    gateway.release('latest', gateway.latestReply);
    gateway.release('create', apiOk(analysis()));
    await flush();
    expect(session.getSnapshot().shown).toMatchObject({ id: null, madeThisVisit: true });
    gateway.release('list', apiOk(LIST));
    gateway.release('list', apiOk(LIST));
    await making;

    const failing = new FakeAnalysisGateway();
    failing.latestReply = apiFailure(500, 'Er ging iets mis.');
    const other = sessionWith(failing).session;
    await other.load();
    expect(other.getSnapshot()).toMatchObject({ status: 'empty', loading: null, error: null });
  });

  it('should send one request when the button is pressed twice', async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.hold = true;
    const { session } = sessionWith(gateway);
    void session.create();
    void session.create();
    expect(gateway.calls).toEqual(['create']);
  });

  it.each([
    [403, 'Geen toegang.', 'AI-analyse is niet beschikbaar voor dit abonnement.'],
    [400, 'Onvoldoende gegevens.', "Onvoldoende data voor analyse. Voeg eerst surveys of KPI's toe."],
    [504, 'Time-out.', 'De analyse duurt te lang. Probeer het later opnieuw.'],
    [409, 'Er loopt al een analyse voor deze organisatie.', 'Er loopt al een analyse voor deze organisatie.'],
  ])('should show the error banner for %i', async (status, detail, text) => {
    const gateway = new FakeAnalysisGateway();
    gateway.createReply = apiFailure(status, detail);
    const { session } = sessionWith(gateway);
    await session.create();
    expect(session.getSnapshot()).toMatchObject({ status: 'error', loading: null, shown: null, error: text });
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({ showEmpty: false, generated: null });
  });

  it('should show the general text when the server sent no detail or an answer without a report', async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.createReply = { ok: false, status: 500, detail: 'Er ging iets mis.', fallback: true };
    const { session } = sessionWith(gateway);
    await session.create();
    expect(session.getSnapshot().error).toBe('Er ging iets mis bij het ophalen van de analyse.');
    gateway.createReply = apiOk({ analysis: 42 } as never);
    await session.create();
    expect(session.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Er ging iets mis bij het ophalen van de analyse.',
    });
  });

  it('should clear the old error and the old result when a new request starts', async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.createReply = apiFailure(504, 'Time-out.');
    const { session } = sessionWith(gateway);
    await session.create();
    expect(session.getSnapshot().error).not.toBeNull();
    gateway.hold = true;
    void session.create();
    expect(session.getSnapshot()).toMatchObject({ status: 'loading', error: null, shown: null });
    gateway.release('create', apiOk(analysis()));
    await flush();
    expect(session.getSnapshot().status).toBe('result');
    void session.create();
    expect(session.getSnapshot()).toMatchObject({ status: 'loading', error: null, shown: null });
    gateway.release('create', apiFailure(400, 'x'));
    await flush();
    expect(session.getSnapshot()).toMatchObject({ status: 'error', shown: null });
  });

  it('should reopen an earlier analysis with its date, keeping the button as it is', async () => {
    const gateway = new FakeAnalysisGateway();
    const { session } = sessionWith(gateway);
    await session.load();
    gateway.hold = true;
    void session.open(9);
    expect(session.getSnapshot()).toMatchObject({ status: 'loading', loading: { kind: 'open', id: 9 } });
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({
      createLabel: 'Maak Analyse',
      createDisabled: false,
    });
    expect(earlierAnalysisViews(session.getSnapshot()).map((item) => item.opening)).toEqual([true, false]);
    gateway.release('get 9', apiOk(analysis('2025-10-01T08:30:00Z', '# Oktober')));
    await flush();
    expect(session.getSnapshot().shown).toMatchObject({ id: 9, madeThisVisit: false });
    expect(analysisScreenView(session.getSnapshot()).generated).toBe(
      'Gegenereerd op 1 oktober 2025 om 10:30',
    );
    expect(earlierAnalysisViews(session.getSnapshot())).toEqual([
      {
        id: 9,
        date: '1 oktober 2025 om 10:30',
        basis: "Gebaseerd op 3 KPI's en 1 surveys",
        shown: true,
        opening: false,
      },
      {
        id: 4,
        date: '1 september 2025 om 10:30',
        basis: "Gebaseerd op 2 KPI's en 1 surveys",
        shown: false,
        opening: false,
      },
    ]);
  });

  it("should show an unknown earlier analysis's error in the banner", async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.getReplies.set(5, apiFailure(404, 'Deze analyse bestaat niet (meer).'));
    const { session } = sessionWith(gateway);
    await session.open(5);
    expect(session.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Deze analyse bestaat niet (meer).',
    });
  });

  it("should say 'Zojuist gegenereerd' again for an analysis of this visit reopened from the list", async () => {
    const gateway = new FakeAnalysisGateway();
    const made = analysis('2025-11-03T13:05:00Z');
    gateway.listReply = apiOk({
      ...LIST,
      analyses: [
        { id: 12, generated_at: made.metadata.generated_at, data_points: made.metadata.data_points },
      ],
    });
    gateway.getReplies.set(12, apiOk(made));
    const { session } = sessionWith(gateway);
    await session.create();
    expect(earlierAnalysisViews(session.getSnapshot())[0]?.shown).toBe(true);
    await session.open(12);
    expect(session.getSnapshot().shown).toMatchObject({ id: 12, madeThisVisit: true });
    expect(analysisScreenView(session.getSnapshot()).generated).toBe('Zojuist gegenereerd');
  });

  it('should not open an earlier analysis while a new one is made, and drop an opening a new request overtakes', async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.hold = true;
    const { session } = sessionWith(gateway);
    void session.open(9);
    void session.create();
    void session.open(4);
    expect(gateway.calls).toEqual(['get 9', 'create']);
    gateway.release('get 9', apiOk(analysis('2025-10-01T08:30:00Z', '# Oktober')));
    await flush();
    expect(session.getSnapshot()).toMatchObject({
      status: 'loading',
      loading: { kind: 'create' },
      shown: null,
    });
    gateway.release('create', apiOk(analysis()));
    await flush();
    expect(session.getSnapshot().shown?.analysis.analysis).toBe(analysis().analysis);
  });
});

describe('AnalysisSession exports', () => {
  it("should read 'PDF...' while the PDF is made and hand over the report, organisation, date and logos", async () => {
    const { session, pdf, pdfRequests, alerts } = sessionWith();
    await session.create();
    const exporting = session.exportPdf();
    expect(session.getSnapshot().exportingPdf).toBe(true);
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({
      pdfLabel: 'PDF...',
      pdfDisabled: true,
    });
    void session.exportPdf();
    expect(pdfRequests).toEqual([
      {
        markdown: analysis().analysis,
        organizationName: 'Bakkerij De Zon',
        generatedAt: new Date('2025-11-03T13:05:00Z'),
        logoUrls: ['http://loop.test/uploads/logo.png', 'http://loop.test/default-logo.png'],
        now: new Date(NOW),
      },
    ]);
    pdf.outcome?.resolve({ ok: true, fileName: 'bedrijfsanalyse-bakkerij-de-zon-2025-11-03.pdf' });
    await exporting;
    expect(analysisScreenView(session.getSnapshot())).toMatchObject({ pdfLabel: 'PDF', pdfDisabled: false });
    expect(alerts).toEqual([]);
  });

  it('should alert the text of R-ANALYSIS-7 when the PDF fails or its engine cannot be loaded', async () => {
    const { session, pdf, alerts } = sessionWith();
    await session.create();
    const exporting = session.exportPdf();
    pdf.outcome?.resolve({ ok: false });
    await exporting;
    expect(alerts).toEqual(['Er ging iets mis bij het genereren van de PDF. Probeer het opnieuw.']);
    expect(session.getSnapshot().exportingPdf).toBe(false);
    pdf.throws = true;
    await session.exportPdf();
    expect(alerts).toHaveLength(2);
    expect(session.getSnapshot()).toMatchObject({ exportingPdf: false, status: 'result' });
  });

  it('should save the report as it came as Markdown', async () => {
    const { session, markdownRequests, markdown, alerts } = sessionWith();
    await session.exportMarkdown();
    expect(markdownRequests).toEqual([]);
    await session.create();
    await session.exportMarkdown();
    expect(markdownRequests).toEqual([
      { markdown: analysis().analysis, organizationName: 'Bakkerij De Zon', now: new Date(NOW) },
    ]);
    expect(alerts).toEqual([]);
    markdown.throws = true;
    await session.exportMarkdown();
    expect(alerts).toEqual([
      'Er ging iets mis bij het downloaden van het Markdown-bestand. Probeer het opnieuw.',
    ]);
  });

  it('should export nothing without a result', async () => {
    const { session, pdfRequests } = sessionWith();
    await session.exportPdf();
    expect(pdfRequests).toEqual([]);
  });
});

describe('AnalysisSession history', () => {
  it('should mark a failed list and keep a known list when a later refresh fails', async () => {
    const gateway = new FakeAnalysisGateway();
    gateway.listReply = apiFailure(500, 'x');
    const { session } = sessionWith(gateway);
    await session.load();
    expect(session.getSnapshot().history).toEqual({ status: 'failed', dataPoints: null, analyses: [] });
    gateway.hold = true;
    const retry = session.reloadHistory();
    expect(session.getSnapshot().history.status).toBe('loading');
    gateway.release('list', apiOk(LIST));
    await retry;
    expect(session.getSnapshot().history.status).toBe('ready');
    gateway.hold = false;
    gateway.listReply = apiFailure(0, 'offline');
    await session.reloadHistory();
    expect(session.getSnapshot().history.analyses).toEqual(LIST.analyses);
  });
});
