import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface CapturedCompletion {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model: string; messages: Array<{ role: string; content: string }> };
}

/** How the fake answers a request: a chat completion with this text, a raw body, or nothing for a while. */
export type FakeReply =
  | { readonly content: string }
  | { readonly status: number; readonly body: unknown }
  | { readonly delayMs: number; readonly content: string };

/** A chat completion as an OpenAI-compatible server sends it. */
export const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_772_442_000,
  model: 'test-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});

async function read(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * A local fake of an OpenAI-compatible chat server (node:http) that records what it is asked and
 * answers as `reply` says: the LLM analyst's tests run against it instead of a real model.
 */
export async function startFakeOpenAi(reply: (captured: CapturedCompletion) => FakeReply) {
  const captured: CapturedCompletion[] = [];
  const server: Server = createServer(async (request, response) => {
    const entry: CapturedCompletion = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: JSON.parse(await read(request)),
    };
    captured.push(entry);
    const answer = reply(entry);
    if ('status' in answer) return send(response, answer.status, answer.body);
    if ('delayMs' in answer) {
      setTimeout(() => send(response, 200, completion(answer.content)), answer.delayMs).unref();
      return;
    }
    send(response, 200, completion(answer.content));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    captured,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The server configuration that sends the analysis and summaries to the fake at `baseUrl`. */
export const fakeLlmConfig = (baseUrl: string) => ({
  analysisTimeoutMs: 1_000,
  llm: { baseUrl, apiKey: 'test-sleutel', model: 'test-model' },
});
