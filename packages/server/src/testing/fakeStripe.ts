import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSession {
  readonly id: string;
  readonly object: 'checkout.session';
  readonly url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  readonly mode: string;
  readonly client_reference_id: string | null;
  readonly metadata: Record<string, string>;
  readonly success_url: string | null;
  readonly cancel_url: string | null;
  /** The subscription a complete session in subscription mode started (tests set it when paying). */
  subscription: string | null;
}

export interface FakeSubscription {
  readonly id: string;
  readonly object: 'subscription';
  status: 'active' | 'canceled' | 'incomplete_expired';
}

type FailKind = 'create' | 'retrieve' | 'cancelSubscription' | 'retrieveSubscription';

export interface FakeStripeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The form-encoded body, as Stripe's SDK sends it (`line_items[0][price_data][unit_amount]=…`). */
  readonly form: URLSearchParams;
}

/**
 * Just enough of Stripe's API on 127.0.0.1 for the SDK: create, retrieve and expire Checkout Sessions,
 * retrieve and cancel Subscriptions. Tests
 * change a session's state with `sessions`, and make the next call of a kind fail with `failNext`.
 */
export interface FakeStripe {
  readonly url: string;
  readonly requests: FakeStripeRequest[];
  readonly sessions: Map<string, FakeSession>;
  /** Stripe subscriptions: `pay` adds one; DELETE /v1/subscriptions/:id cancels it. */
  readonly subscriptions: Map<string, FakeSubscription>;
  /** Completes a session as paid, starting an active Stripe subscription; answers its id. */
  pay(sessionId: string): string;
  failNext(kind: FailKind): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const failing = new Set<FailKind>();
  let counter = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, form });
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        response.end(JSON.stringify(body));
      };
      const refuse = (message: string) => answer(400, { error: { type: 'invalid_request_error', message } });
      const missing = (kind: string) =>
        answer(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}` },
        });

      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        if (failing.delete('create')) return refuse('Nep-Stripe weigert deze sessie.');
        const id = `cs_test_${++counter}${Math.random().toString(36).slice(2, 10)}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1] !== undefined) metadata[match[1]] = value;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          mode: form.get('mode') ?? 'payment',
          client_reference_id: form.get('client_reference_id'),
          metadata,
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          subscription: null,
        };
        sessions.set(id, session);
        return answer(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && retrieve?.[1] !== undefined) {
        // A 4xx: the SDK does not retry it (a 5xx would be retried and then succeed).
        if (failing.delete('retrieve')) return refuse('Nep-Stripe kan deze sessie nu niet tonen.');
        const session = sessions.get(decodeURIComponent(retrieve[1]));
        if (session === undefined)
          return answer(404, {
            error: { type: 'invalid_request_error', message: 'No such checkout.session' },
          });
        return answer(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (request.method === 'POST' && expire?.[1] !== undefined) {
        const session = sessions.get(decodeURIComponent(expire[1]));
        if (session === undefined) return missing('checkout.session');
        // Like Stripe: only an open session can be expired.
        if (session.status !== 'open')
          return refuse(`Only open sessions can be expired (${session.status}).`);
        session.status = 'expired';
        return answer(200, session);
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (subscription?.[1] !== undefined && (request.method === 'DELETE' || request.method === 'GET')) {
        const cancelling = request.method === 'DELETE';
        if (failing.delete(cancelling ? 'cancelSubscription' : 'retrieveSubscription')) {
          return refuse('Nep-Stripe weigert dit abonnement nu.');
        }
        const found = subscriptions.get(decodeURIComponent(subscription[1]));
        if (found === undefined) return missing('subscription');
        if (cancelling) {
          // Like Stripe: a cancelled subscription cannot be cancelled again.
          if (found.status === 'canceled') return refuse('This subscription is already canceled.');
          found.status = 'canceled';
        }
        return answer(200, found);
      }
      return answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    pay: (sessionId) => {
      const session = sessions.get(sessionId);
      if (session === undefined) throw new Error(`No fake session ${sessionId}`);
      const id = `sub_test_${++counter}${Math.random().toString(36).slice(2, 10)}`;
      subscriptions.set(id, { id, object: 'subscription', status: 'active' });
      session.status = 'complete';
      session.payment_status = 'paid';
      session.subscription = id;
      return id;
    },
    failNext: (kind) => {
      failing.add(kind);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
