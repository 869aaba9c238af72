/**
 * Where push messages may go. A subscription's endpoint is a URL the browser hands over,
 * so anyone signed in could name any URL; the server sends only over https to the hosts of
 * the known push services (config.push.hosts: `host`, `host:port`, or `*.domain`; no port
 * means 443), and never to an address inside the network, checked on the very address
 * the connection uses (a name that resolves elsewhere a second time changes nothing).
 */
import dns from 'node:dns';
import net from 'node:net';
import { pushEndpointRefused } from '../../../shared/errors';

const INTERNAL = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  INTERNAL.addSubnet(addr, prefix, 'ipv6');

/** An address inside the network (private, loopback, link-local, multicast, reserved; IPv4 also when mapped into IPv6). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1], 'ipv4');
  return INTERNAL.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** Throws push_endpoint_refused unless `endpoint` is https on an allowed host and port. */
export function checkEndpoint(endpoint: string, hosts: string[]): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw pushEndpointRefused('not a URL');
  }
  if (url.protocol !== 'https:') throw pushEndpointRefused('not https');
  if (url.username || url.password) throw pushEndpointRefused('credentials in the URL');
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  const allowed = hosts.some((entry) => {
    const [h, p = '443'] = entry.split(/:(?=\d+$)/);
    if (p !== port) return false;
    return h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h;
  });
  if (!allowed) throw pushEndpointRefused('not a known push service');
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) throw pushEndpointRefused('an address, not a push service host');
  return url;
}

/**
 * dns.lookup for the push request's connection: refuses a host any of whose addresses
 * is internal (unless allowInternal: tests whose push service listens on 127.0.0.1).
 */
export function guardedLookup(allowInternal: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!allowInternal && list.some((a) => isInternalAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EINTERNAL' }), '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
