/**
 * GET and PUT /surveys/:id/embed: the website origins allowed to show the survey in a frame
 * (R-EMBED-1), each an exact origin such as `https://www.voorbeeld.nl`, at most `EMBED_ORIGINS_MAX`.
 */
export interface SurveyEmbed {
  readonly origins: readonly string[];
}
