import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (R-HOOK-5): only to public unicast addresses. ipaddr.js names the range of
 * an address; everything that is not plain 'unicast' is refused: loopback, private (10/8,
 * 172.16/12, 192.168/16), carrier-grade NAT (100.64/10), link-local (169.254/16 with the cloud
 * metadata address, fe80::/10), unique-local (fc00::/7), 0.0.0.0 and ::, multicast, broadcast,
 * reserved and documentation ranges, and IPv6 forms that carry an IPv4 address (IPv4-mapped are
 * judged as the IPv4 address they map; 6to4, Teredo and NAT64 are refused outright).
 */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** A host's addresses, as the system resolver answers (tests pass their own). */
export type HostResolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export const WEBHOOK_ADDRESS_MESSAGES = {
  privateAddress:
    'Dit adres wijst naar een intern of privénetwerk (zoals localhost, 10.x, 192.168.x of 169.254.x). ' +
    'Webhooks gaan alleen naar openbare adressen.',
  unknownHost: 'De host van dit adres is niet te vinden. Controleer de schrijfwijze.',
} as const;

/** Whether an address is a public unicast one (see above). Unreadable text is not. */
export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.process(text);
  return parsed.range() === 'unicast';
}

/** A URL's host as a resolver or ipaddr takes it: IPv6 literals lose their brackets. */
export const bareHost = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

export type CheckedAddress =
  | { readonly ok: true; readonly address: ResolvedAddress }
  | { readonly ok: false; readonly detail: string };

/**
 * The address to connect to for `host`: a literal as it is, a name resolved. Every address the
 * name resolves to must be public (one private among them is refused: the answer could alternate),
 * unless private networks are allowed. The caller connects to exactly the address answered.
 */
export async function checkedAddress(
  host: string,
  options: { readonly allowPrivate: boolean; readonly resolve?: HostResolver },
): Promise<CheckedAddress> {
  const bare = bareHost(host);
  let addresses: readonly ResolvedAddress[];
  if (ipaddr.isValid(bare)) addresses = [{ address: bare, family: bare.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(bare);
    } catch {
      addresses = [];
    }
  }
  const [first] = addresses;
  if (first === undefined) return { ok: false, detail: WEBHOOK_ADDRESS_MESSAGES.unknownHost };
  if (!options.allowPrivate && !addresses.every((entry) => isPublicAddress(entry.address)))
    return { ok: false, detail: WEBHOOK_ADDRESS_MESSAGES.privateAddress };
  return { ok: true, address: first };
}
