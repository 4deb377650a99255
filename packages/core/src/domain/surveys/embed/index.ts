// The surveys/embed feature (issue 27): a survey on a customer's website. The origins rule shared by
// the share step and the server, the messages between /embed.js and the answering page, the code to
// paste, and the share step's use-cases and port.
export type { EmbedMode, EmbedOpening, EmbedOptions } from './embedCode';
export {
  DEFAULT_EMBED_OPTIONS,
  EMBED_ATTRIBUTES,
  EMBED_BUTTON_ID,
  EMBED_CONTAINER_ID,
  EMBED_DELAY_MAX,
  embedCode,
  embedDelay,
  embedPreviewPath,
  embedSource,
} from './embedCode';
export { EMBED_META, EMBED_PARAM } from './embedNames';
export type { EmbedOriginProblem } from './embedOrigins';
export {
  checkEmbedOrigins,
  EMBED_ORIGIN_MESSAGES,
  EMBED_ORIGINS_MAX,
  originLines,
  parseEmbedOrigin,
} from './embedOrigins';
export type { SurveyEmbedGateway } from './embedPorts';
export type { EmbedMessage } from './embedProtocol';
export {
  closeMessage,
  EMBED_MAX_HEIGHT,
  embedFrameUrl,
  embedTarget,
  frameAncestors,
  readEmbedMessage,
  resizeMessage,
} from './embedProtocol';
export type { EmbedUseCases } from './embedUseCases';
export { createEmbedUseCases } from './embedUseCases';
