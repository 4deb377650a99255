// @loop/core: framework-free domain rules, use-cases, ports and the wire contract.
//
// Import a feature through its entry, `@loop/core/<feature>` (package.json "exports"); each entry's
// index.ts lists exactly what other features and packages use of it:
//   access, analysis, analysisSession, api, app, auth, billing, branding, contacts, contactsScreen,
//   contract, features, finance, format, html, logs, organisation, periods, query, report, session,
//   shared, surveys/model, surveys/editor, surveys/respond, surveys/results, surveys/data,
//   surveys/summary.
// This root entry holds only what cuts across every feature: failures as values and the gateway
// ports (api), the wire contract (contract), and Result and the state store (shared).
export * from './domain/api';
export * from './domain/contract';
export * from './domain/shared';
