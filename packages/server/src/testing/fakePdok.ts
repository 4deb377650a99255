import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A place the fake knows, by the `q` PDOK would be asked. */
export interface FakePdokPlace {
  readonly lat: number;
  readonly lng: number;
  readonly label: string;
}

/** How the fake answers: from its places, with an error status, late, or not at all (connection reset). */
export type FakePdokMode =
  | { readonly kind: 'places' }
  | { readonly kind: 'unreachable' }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'slow'; readonly delayMs: number }
  | { readonly kind: 'garbage' };

/** A Locatieserver `free` answer with at most one address, shaped as PDOK sends it. */
export const pdokAnswer = (place: FakePdokPlace | undefined) => ({
  response: {
    numFound: place === undefined ? 0 : 1,
    start: 0,
    maxScore: place === undefined ? 0 : 12.5,
    numFoundExact: true,
    docs:
      place === undefined
        ? []
        : [
            {
              type: 'adres',
              weergavenaam: place.label,
              centroide_ll: `POINT(${place.lng} ${place.lat})`,
            },
          ],
  },
});

function send(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body);
}

/**
 * A local fake of PDOK Locatieserver's `free` endpoint (node:http): answers the places it is given
 * by their query, records every `q` it is asked, and can fail the ways the real service can. Tests
 * and browser tests geocode against it, never the internet.
 */
export async function startFakePdok(places: ReadonlyMap<string, FakePdokPlace>) {
  const queries: string[] = [];
  let mode: FakePdokMode = { kind: 'places' };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    // As a service that is down: the connection is dropped without an answer.
    if (mode.kind === 'unreachable') return request.socket.destroy();
    if (mode.kind === 'status') return send(response, mode.status, '{"message":"fout"}');
    if (mode.kind === 'garbage') return send(response, 200, '<html>');
    const body = JSON.stringify(pdokAnswer(places.get(q)));
    if (mode.kind === 'slow') {
      setTimeout(() => send(response, 200, body), mode.delayMs).unref();
      return;
    }
    send(response, 200, body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bzk/locatieserver/search/v3_1/free`,
    queries,
    setMode: (next: FakePdokMode) => {
      mode = next;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
