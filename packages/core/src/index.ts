// @loop/core: framework-free domain rules, use-cases, ports and the wire contract.
//
// Import a feature through its entry, `@loop/core/<feature>` (package.json "exports"); each entry's
// index.ts lists exactly what other features and packages use of it. Features sit in two layers
// (docs/decisions/core-graph.md): domain/ (what the server and every client share: contract, api,
// shared, format, html, auth, organisation, features, billing, branding, logs, periods, finance,
// kpis, contacts, contactMap, geocoding, invitations, report, analysis, surveys/model,
// surveys/logic, surveys/results, surveys/resultsPdf, surveys/data, surveys/summary) and client/ (one client's
// running state and flows: session, query, access, app, analysisSession, contactsScreen,
// surveys/editor, surveys/respond). Domain never imports client.
// This root entry holds only what cuts across every feature, all of it domain: failures as values
// and the gateway ports (api), the wire contract (contract), and Result and the state store (shared).
export * from './domain/api';
export * from './domain/contract';
export * from './domain/shared';
