/**
 * What `loop` itself says, in Dutch (R-CLI-2): the server's refusals and core's rules (KPI values,
 * periods, webhook checks, the import report) are Dutch, and one language per screen holds in a
 * terminal too. Option and command names stay English words, as in most command-line tools.
 */
export const CLI_MESSAGES = {
  noKey: 'Geen API-sleutel. Geef --key <sleutel> of zet LOOP_API_KEY.',
  unknownCommand: (words: string) => `Onbekend commando '${words}'. Zie 'loop help'.`,
  badArguments: (usage: string) => `Verkeerd aantal argumenten. Gebruik: ${usage}`,
  badOption: (problem: string) => `${problem} Zie 'loop help'.`,
  fileUnreadable: (path: string) => `Kan het bestand ${path} niet lezen.`,
  fileUnwritable: (path: string) => `Kan het bestand ${path} niet schrijven.`,
  notJson: (path: string) => `${path} is geen geldige JSON.`,
} as const;
