// The names in a framed answering page's address and document (R-EMBED-4), in a file of their own:
// the answering page reads the query parameter on every load, while the messaging code it names
// (embedProtocol.ts) loads only in a frame.

/** The query parameter of an embedded answering page: the origin of the page that embeds it. */
export const EMBED_PARAM = 'loop_embed';

/** The `<meta name>` in which the server lists the origins a framed page may talk to (R-EMBED-4). */
export const EMBED_META = 'loop-embed-origins';
