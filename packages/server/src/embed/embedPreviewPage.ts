import { DEFAULT_EMBED_OPTIONS, type EmbedOptions, embedCode } from '@loop/core/surveys/embed';
import type { FastifyPluginAsync } from 'fastify';
import { allowFraming, type FramedPolicy } from '../http/securityHeaders';
import { TOKEN_PATTERN } from '../responses/responseTokens';

/** Where the share step's preview lives (R-EMBED-8). */
export const EMBED_PREVIEW_PATH = '/embed/preview';

interface PreviewQuery {
  readonly mode?: string;
  readonly delay?: string;
  readonly button?: string;
}

/** The display the preview's address asks for; anything unknown falls back to the defaults. */
export function previewOptions(query: PreviewQuery): EmbedOptions {
  if (query.mode !== 'slide-in') return DEFAULT_EMBED_OPTIONS;
  return {
    mode: 'slide-in',
    opening: query.button === '1' ? 'button' : 'delay',
    delaySeconds: Number(query.delay ?? 0),
  };
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
  main { max-width: 44rem; margin: 0 auto; padding: 1rem; }
  .note { margin: 0 0 1rem; padding: 0.5rem 0.75rem; border-radius: 0.375rem; background: #e0e7ff; }
  button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #2563eb;
    background: #2563eb; color: #fff; cursor: pointer; }`;

/**
 * The preview page (R-EMBED-8): a page of Loop's own that holds the very code the share step shows,
 * run by /embed.js, so the owner sees the frame and the slide-in as a visitor will. It shows every
 * time (`data-repeat`), and only Loop's own pages may frame it.
 */
export function embedPreviewHtml(token: string, options: EmbedOptions): string {
  const code = embedCode('', token, options).replace(
    ' async></script>',
    ' data-repeat="true" async></script>',
  );
  const what =
    options.mode === 'inline'
      ? 'in de pagina'
      : options.opening === 'button'
        ? 'als schuifpaneel na een klik op de knop'
        : 'als schuifpaneel na het aantal seconden dat je koos';
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Voorbeeld van de survey op een website</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="note">Voorbeeld: zo staat de survey ${what} op je website. Antwoorden die je hier geeft, tellen mee.</p>
${code}
</main>
</body>
</html>
`;
}

/** The preview page, outside the API (it is a page): framed only by Loop itself. */
export const embedPreviewRoutes =
  (policy: FramedPolicy): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { token: string }; Querystring: PreviewQuery }>(
      `${EMBED_PREVIEW_PATH}/:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { token } = request.params;
        if (!TOKEN_PATTERN.test(token)) return reply.code(404).send({ detail: 'Onbekende link.' });
        return allowFraming(reply, policy, ["'self'"])
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(embedPreviewHtml(token, previewOptions(request.query)));
      },
    );
  };
