// Stand-in for the contract's analysis types (contract/analysis.ts) until that lands; same shapes.

export interface AnalysisDataPoints {
  readonly kpis: number;
  readonly surveys: number;
}

export interface BusinessAnalysisResponse {
  readonly analysis: string;
  readonly metadata: {
    readonly organization: { readonly name: string };
    readonly data_points: AnalysisDataPoints;
    readonly generated_at: string;
  };
}

export interface BusinessAnalysisList {
  readonly data_points: AnalysisDataPoints;
  readonly analyses: readonly {
    readonly id: number;
    readonly generated_at: string;
    readonly data_points: AnalysisDataPoints;
  }[];
}
