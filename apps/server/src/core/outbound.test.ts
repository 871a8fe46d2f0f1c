import type { lookup } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, guardedLookup, isInternalAddress, type OutboundPolicy, OutboundRefused, parseHostList, refusalOf } from './outbound.js';

/**
 * The outbound policy on literal addresses and on names answered by a lookup the test decides: nothing here opens a
 * connection or sends a DNS query.
 */

/** Each name's answers (all of them on every call); a name not listed is not found. */
function fakeLookup(answers: Record<string, string[]>): typeof lookup {
  return ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: { address: string; family: number }[]) => void) => {
    const list = answers[hostname];
    if (!list) return callback(Object.assign(new Error(`${hostname}: not found`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as typeof lookup;
}

const policy = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => ({ allowedHosts: new Set(), allowHttp: false, ...over });

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:a00:1::1',
    '2001:db8::1',
    '2001::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    'not an address',
    '',
  ])('refuses %s', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '41.58.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:4860:4860::8888',
    '2606:4700::1111',
  ])('takes %s (on the internet)', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe('refusalOf (before any name is resolved)', () => {
  it('reads odd spellings of IPv4 as the address they mean', () => {
    for (const url of ['https://0x7f000001:5432', 'https://2130706433', 'https://127.1', 'https://0177.0.0.1', 'https://%31%32%37.0.0.1', 'https://0'])
      expect(refusalOf(new URL(url), policy()), url).toBe('internal');
  });

  it('refuses plain http and other schemes unless allowed', () => {
    expect(refusalOf(new URL('http://dhis2.example.org'), policy())).toBe('http');
    expect(refusalOf(new URL('ftp://dhis2.example.org'), policy())).toBe('scheme');
    expect(refusalOf(new URL('http://dhis2.example.org'), policy({ allowHttp: true }))).toBeNull();
    expect(refusalOf(new URL('https://dhis2.example.org'), policy())).toBeNull();
    // http allowed does not open the network.
    expect(refusalOf(new URL('http://169.254.169.254/latest/meta-data'), policy({ allowHttp: true }))).toBe('internal');
  });

  it('lets the operator list a host: inside the network and over http, that host only', () => {
    const listed = policy({ allowedHosts: parseHostList('127.0.0.1, dhis2.lan ::1') });
    expect(refusalOf(new URL('http://127.0.0.1:8080'), listed)).toBeNull();
    expect(refusalOf(new URL('http://0x7f000001:8080'), listed)).toBeNull();
    expect(refusalOf(new URL('http://[::1]:8080'), listed)).toBeNull();
    expect(refusalOf(new URL('http://DHIS2.lan.'), listed)).toBeNull();
    expect(refusalOf(new URL('http://127.0.0.2'), listed)).toBe('http');
    expect(refusalOf(new URL('https://127.0.0.2'), listed)).toBe('internal');
    expect(refusalOf(new URL('https://10.0.0.1'), listed)).toBe('internal');
  });

  it('reads the operator’s list as the addresses mean, and refuses a list it cannot read', () => {
    expect([...parseHostList('0x7f000001,https://Dhis2.Example.org:8443/x, [::1]:80')]).toEqual(['127.0.0.1', 'dhis2.example.org', '::1']);
    expect(parseHostList(undefined).size).toBe(0);
    expect(() => parseHostList('exa mple[')).toThrow();
  });
});

describe('names', () => {
  it('refuses a name any of whose addresses is internal when the address is saved', async () => {
    const lookup = fakeLookup({
      localhost: ['127.0.0.1', '::1'],
      'metadata.test': ['169.254.169.254'],
      'mixed.test': ['8.8.8.8', '10.0.0.7'],
      'public.test': ['8.8.4.4', '2001:4860:4860::8844'],
    });
    expect(await checkOutboundUrl(new URL('https://localhost'), policy({ lookup }))).toBe('internal');
    expect(await checkOutboundUrl(new URL('https://metadata.test/latest'), policy({ lookup }))).toBe('internal');
    expect(await checkOutboundUrl(new URL('https://mixed.test'), policy({ lookup }))).toBe('internal');
    expect(await checkOutboundUrl(new URL('https://public.test'), policy({ lookup }))).toBeNull();
    // A name not found now is checked again when connecting.
    expect(await checkOutboundUrl(new URL('https://unknown.test'), policy({ lookup }))).toBeNull();
    // A listed name is not resolved at all.
    expect(await checkOutboundUrl(new URL('http://localhost:9000'), policy({ lookup, allowedHosts: new Set(['localhost']) }))).toBeNull();
  });

  it('checks every connection’s lookup: an internal answer is an error, before any connection', async () => {
    let answer = '8.8.8.8';
    const changing = ((_h: string, _o: unknown, cb: (e: Error | null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: answer, family: 4 }])) as unknown as typeof lookup;
    const connectLookup = guardedLookup(policy({ lookup: changing }));
    const ask = (all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        connectLookup('rebind.test', { all }, (error, address) => resolve({ error, address })),
      );
    expect(await ask(false)).toEqual({ error: null, address: '8.8.8.8' });
    expect(await ask(true)).toEqual({ error: null, address: [{ address: '8.8.8.8', family: 4 }] });
    answer = '127.0.0.1';
    const refused = await ask(true);
    expect(refused.error).toBeInstanceOf(OutboundRefused);
    expect((refused.error as OutboundRefused).reason).toBe('internal');
    answer = '::ffff:169.254.169.254';
    expect((await ask(false)).error).toBeInstanceOf(OutboundRefused);
    // The operator's host: its lookup answers as it is.
    const listed = guardedLookup(policy({ lookup: changing, allowedHosts: new Set(['dhis2.lan']) }));
    answer = '10.1.1.1';
    const found = await new Promise((resolve) => listed('dhis2.lan', { all: false }, (error, address) => resolve({ error, address })));
    expect(found).toEqual({ error: null, address: '10.1.1.1' });
  });
});
