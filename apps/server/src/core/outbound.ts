import { type LookupAddress, type LookupAllOptions, lookup as systemLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Requests the server makes to an address someone typed in (the DHIS2 server): never to the server's own machine or
 * network unless its operator allows the host. An address is refused when it is loopback, link-local (the cloud
 * metadata service), private, shared (carrier-grade NAT), unique-local, site-local, multicast, unspecified, reserved or
 * documentation — IPv4, IPv6, and the IPv4 address inside an IPv4-mapped, NAT64 or 6to4 IPv6 address. Odd spellings of
 * IPv4 (`0x7f000001`, `2130706433`, `127.1`, `0177.0.0.1`) are read by the URL parser as the address they mean. A
 * name is checked on every address it resolves to, when the address is saved and again by the `lookup` each
 * connection makes (`guardedLookup`), so a name that answers differently the second time (DNS rebinding) cannot slip
 * through; an address written as a number is checked before any connection (Node connects to it without a lookup).
 */

// Two lists: one BlockList compares an IPv4 address with its IPv6 rules too (as ::ffff:a.b.c.d, inside ::/8).
const INTERNAL_V4 = new BlockList();
const INTERNAL_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
] as const)
  INTERNAL_V4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 8], // unspecified, loopback, IPv4-compatible (IPv4-mapped is read as its IPv4 address first)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  INTERNAL_V6.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address's eight 16-bit groups; null when it is not one (a zone index such as `%eth0` is not taken). */
function ipv6Groups(address: string): number[] | null {
  let text: string;
  try {
    // The URL parser writes IPv6 canonically: lower case, an IPv4 tail as two groups, the longest run of zeros as ::.
    text = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 address carries: IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedIpv4(g: number[]): string | null {
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** Whether an address (as text) must not be reached from the server; anything that is not an address is refused too. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL_V4.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const v4 = embeddedIpv4(groups);
  if (v4) return INTERNAL_V4.check(v4, 'ipv4');
  return INTERNAL_V6.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
}

/** What the operator allows: hosts that may be inside the network and over http, and http for every host. */
export interface OutboundPolicy {
  /** Host names or addresses as written in the address (`hostOf`), e.g. from DHIS2_ALLOWED_HOSTS. */
  allowedHosts: ReadonlySet<string>;
  /** http:// to any host (otherwise https:// only, but for the allowed hosts). */
  allowHttp: boolean;
  /** Name resolution, dns.lookup by default; the tests give their own. */
  lookup?: typeof systemLookup;
}

/** A URL's host as it is compared: lower case, without an IPv6 address's brackets or a name's final dot. */
export function hostOf(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/**
 * A list of hosts (comma- or space-separated names or addresses, each optionally with a port or a scheme, which are
 * ignored), each written as `hostOf` writes it, so `0x7f000001` and `127.0.0.1` are the same entry.
 */
export function parseHostList(text: string | undefined): Set<string> {
  const hosts = new Set<string>();
  for (const entry of (text ?? '').split(/[\s,]+/)) {
    if (!entry) continue;
    try {
      const address = isIP(entry) === 6 ? `[${entry}]` : entry;
      hosts.add(hostOf(new URL(address.includes('://') ? address : `http://${address}`)));
    } catch {
      throw new Error(`Not a host name or address: ${entry}`);
    }
  }
  return hosts;
}

/** Why an address is refused. */
export type OutboundRefusal = 'scheme' | 'http' | 'internal';

/** Refused before any connection (net.connect reports it as the request's error). */
export class OutboundRefused extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(
    readonly reason: OutboundRefusal,
    readonly host: string,
  ) {
    super(`${host}: refused (${reason})`);
  }
}

/** The checks that need no name resolution: the scheme, plain http, and an address written as a number. */
export function refusalOf(url: URL, policy: OutboundPolicy): OutboundRefusal | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  const host = hostOf(url);
  const allowed = policy.allowedHosts.has(host);
  if (url.protocol === 'http:' && !allowed && !policy.allowHttp) return 'http';
  if (!allowed && isIP(host) && isInternalAddress(host)) return 'internal';
  return null;
}

const RESOLVE_WAIT_MS = 5000;

/**
 * The whole check of an address when it is saved: `refusalOf`, then every address its name resolves to. A name that
 * cannot be resolved now (no network at the moment, a typing error) is not refused here: each connection checks again.
 */
export async function checkOutboundUrl(url: URL, policy: OutboundPolicy): Promise<OutboundRefusal | null> {
  const refusal = refusalOf(url, policy);
  const host = hostOf(url);
  if (refusal || isIP(host) || policy.allowedHosts.has(host)) return refusal;
  const lookup = policy.lookup ?? systemLookup;
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), RESOLVE_WAIT_MS);
    try {
      lookup(host, { all: true } satisfies LookupAllOptions, (error, found) => {
        clearTimeout(timer);
        resolve(error ? [] : found);
      });
    } catch {
      clearTimeout(timer);
      resolve([]);
    }
  });
  return addresses.some((a) => isInternalAddress(a.address)) ? 'internal' : null;
}

/**
 * A `lookup` for `http.request` / `net.connect`: the name resolved as dns.lookup does, and refused when any of its
 * addresses is internal and the host is not allowed — at each connection, not once.
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  const lookup = policy.lookup ?? systemLookup;
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), '', 0);
      if (!policy.allowedHosts.has(host) && addresses.some((a) => isInternalAddress(a.address)))
        return callback(new OutboundRefused('internal', host) as NodeJS.ErrnoException, '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
