/**
 * The local network of the server, for DLNA casting (issue 5 item 5; DESIGN.md §8 inverted): a renderer may only be
 * reached when its address is a private (RFC 1918) or link-local IPv4 address inside the subnet of one of the
 * server's own interfaces. Loopback counts only when a caller allows it (tests with a renderer on 127.0.0.1).
 * Casting clients must connect from loopback, private, link-local or unique-local addresses.
 */
import os from 'node:os';
import ipaddr from 'ipaddr.js';

/** One IPv4 address of a server interface. */
export interface LocalInterface {
  /** OS interface name, e.g. `eth0`. */
  name: string;
  address: string;
  /** Prefix length of the subnet, e.g. 24. */
  prefix: number;
  internal: boolean;
}

/**
 * The server's IPv4 interfaces that may be used for casting: non-internal ones (and loopback when `allowLoopback`),
 * limited to `names` when given (DLNA_INTERFACES). Read live, so interfaces added after start are seen.
 */
export function localInterfaces(names?: readonly string[], allowLoopback = false): LocalInterface[] {
  const out: LocalInterface[] = [];
  for (const [name, list] of Object.entries(os.networkInterfaces())) {
    if (names && names.length > 0 && !names.includes(name)) continue;
    for (const info of list ?? []) {
      if (info.family !== 'IPv4') continue;
      if (info.internal && !allowLoopback) continue;
      const prefix = info.cidr
        ? Number(info.cidr.split('/')[1])
        : ipaddr.IPv4.parse(info.netmask).prefixLengthFromSubnetMask();
      out.push({ name, address: info.address, prefix: prefix ?? 32, internal: info.internal });
    }
  }
  return out;
}

function v4(address: string): ipaddr.IPv4 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  let addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6') {
    const six = addr as ipaddr.IPv6;
    if (!six.isIPv4MappedAddress()) return undefined;
    addr = six.toIPv4Address();
  }
  return addr as ipaddr.IPv4;
}

/** True for RFC 1918 private and 169.254/16 link-local IPv4 addresses (and loopback when `allowLoopback`). */
export function isLanAddress(address: string, allowLoopback = false): boolean {
  const addr = v4(address);
  if (!addr) return false;
  const range = addr.range();
  return range === 'private' || range === 'linkLocal' || (allowLoopback && range === 'loopback');
}

/**
 * The server interface whose subnet holds `address`, when `address` is a LAN address (see {@link isLanAddress});
 * undefined otherwise: the caller must refuse to talk to that address.
 */
export function interfaceFor(address: string, interfaces: readonly LocalInterface[]): LocalInterface | undefined {
  const addr = v4(address);
  if (!addr) return undefined;
  const allowLoopback = interfaces.some((i) => i.internal);
  if (!isLanAddress(address, allowLoopback)) return undefined;
  return interfaces.find((i) => addr.match(ipaddr.IPv4.parse(i.address), i.prefix));
}

/**
 * True when a client at `ip` is on the server's own network side: loopback, private, link-local IPv4, or IPv6
 * loopback, link-local and unique-local (fc00::/7) addresses.
 */
export function isLocalClient(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && !(addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    const range = addr.range();
    return range === 'loopback' || range === 'linkLocal' || range === 'uniqueLocal';
  }
  return isLanAddress(ip, true);
}
