import type { AnalysisSessionState, EarlierAnalysis } from './AnalysisSession';
import { ANALYSIS_TEXTS, basisText, earlierAnalysisText, generatedText } from './analysisTexts';

/** What the business analysis screen shows for a state: texts and which controls may be used. */
export interface AnalysisScreenView {
  /** 'Maak Analyse', or 'Bezig met analyseren...' while a new analysis is made (R-ANALYSIS-4). */
  readonly createLabel: string;
  readonly createDisabled: boolean;
  /** 'Gebaseerd op N KPI's en M surveys': the shown analysis's data, else the list's; null until known. */
  readonly basis: string | null;
  /** 'Er is nog geen analyse beschikbaar' with its hint: nothing shown, nothing loading, no error. */
  readonly showEmpty: boolean;
  /** The toolbar of a result: 'Zojuist gegenereerd' or 'Gegenereerd op …'; null without a result. */
  readonly generated: string | null;
  /** 'PDF', or 'PDF...' while the PDF is made (R-ANALYSIS-4). */
  readonly pdfLabel: string;
  readonly pdfDisabled: boolean;
  /** Earlier analyses may be opened (not while a new one is made). */
  readonly openDisabled: boolean;
}

export function analysisScreenView(state: AnalysisSessionState): AnalysisScreenView {
  const creating = state.loading?.kind === 'create';
  const points = state.shown?.analysis.metadata.data_points ?? state.history.dataPoints;
  return {
    createLabel: creating ? ANALYSIS_TEXTS.creating : ANALYSIS_TEXTS.create,
    createDisabled: creating,
    basis: points ? basisText(points) : null,
    showEmpty: state.status === 'empty',
    generated: state.shown
      ? generatedText(state.shown.analysis.metadata.generated_at, state.shown.madeThisVisit)
      : null,
    pdfLabel: state.exportingPdf ? ANALYSIS_TEXTS.pdfBusy : ANALYSIS_TEXTS.pdf,
    pdfDisabled: state.exportingPdf,
    openDisabled: creating,
  };
}

/** One earlier analysis in the list: its date, what it rested on, and whether it is the one shown. */
export interface EarlierAnalysisView {
  readonly id: number;
  readonly date: string;
  readonly basis: string;
  readonly shown: boolean;
  /** It is being opened. */
  readonly opening: boolean;
}

export function earlierAnalysisViews(state: AnalysisSessionState): readonly EarlierAnalysisView[] {
  const shown = state.shown;
  const opening = state.loading?.kind === 'open' ? state.loading.id : null;
  return state.history.analyses.map((item: EarlierAnalysis) => ({
    id: item.id,
    date: earlierAnalysisText(item.generated_at),
    basis: basisText(item.data_points),
    // One just made has no id yet: it is the list's entry with its moment.
    shown:
      shown !== null &&
      (shown.id === item.id ||
        (shown.id === null && shown.analysis.metadata.generated_at === item.generated_at)),
    opening: opening === item.id,
  }));
}
