/**
 * An anonymous survey ('Anonieme survey', issue 16): invitations and reminders go out as usual, but
 * the server keeps no link between an invitation and its response, so the results never say who
 * answered. It can be switched until the survey's first invitation; after that the server refuses.
 */

/** The setting's one-line explanation. */
export const ANONYMITY_EXPLANATION =
  'Antwoorden worden niet aan contacten gekoppeld; uitnodigingen en herinneringen werken wel.';

/** One sentence saying whether the survey is anonymous, for those who may not change it. */
export const anonymitySummary = (anonymous: boolean): string =>
  anonymous
    ? 'Deze survey is anoniem: de resultaten tonen niet wie antwoordde.'
    : 'Deze survey is niet anoniem: bij antwoorden via een uitnodiging staat wie antwoordde.';
