import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach (CONTRACT 19): this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges; and
 * (CONTRACT 20) every IPv6 form that embeds or tunnels to an IPv4 address, whose IPv4 part the
 * check cannot trust (IPv4-compatible, IPv4-mapped, 6to4, Teredo, NAT64), site-local and
 * unique-local.
 */
const NOT_PUBLIC_IPV4 = new BlockList();
// Apart: a BlockList checks an IPv4 address against IPv6 rules as its IPv4-mapped form.
const NOT_PUBLIC_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_IPV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_IPV6.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_IPV4.check(address, 'ipv4') : !NOT_PUBLIC_IPV6.check(address, 'ipv6');
}

export class UnsafeWebhookUrl extends Error {}

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** C0 controls, DEL and C1 controls: the URL parser would drop or keep them silently. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Refuses (UnsafeWebhookUrl) a URL a webhook may not call: control characters, user information,
 * not https (http too when private addresses are allowed), or a host that does not resolve or
 * resolves to any address that is not public. Checked at creation and again before each
 * delivery. The URL it answers is the WHATWG serialisation, the form the webhook stores.
 */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<URL> {
  if (CONTROL_CHARACTER.test(text)) throw new UnsafeWebhookUrl('must not contain control characters');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeWebhookUrl('must be an absolute URL');
  }
  if (url.username || url.password) throw new UnsafeWebhookUrl('must not contain user information');
  const protocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol))
    throw new UnsafeWebhookUrl(`must be ${allowPrivate ? 'http or https' : 'https'}`);
  if (allowPrivate) return url;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolveAll(host)).map((entry) => entry.address);
  } catch {
    throw new UnsafeWebhookUrl('its host does not resolve');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new UnsafeWebhookUrl('must resolve to public addresses only');
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves the host and refuses any non-public address, so the
 * connection goes to the address just checked: a DNS answer that changed since the URL was
 * accepted (DNS rebinding) cannot point a delivery inward.
 */
export function publicOnlyLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      if (usable.length === 0 || usable.length !== addresses.length)
        return callback(
          Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: 'EUNSAFE' }),
          [],
        );
      if (options.all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}
