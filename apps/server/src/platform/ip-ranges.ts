import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type Range = [Address, number];

/** An address as ipaddr sees it; an IPv4 address mapped into IPv6 is the IPv4 address. */
export function parseAddress(ip: string | null | undefined): Address | null {
  return ip && ipaddr.isValid(ip) ? ipaddr.process(ip) : null;
}

/** A single address or a CIDR range; a single address is its own /32 or /128. */
export function parseRange(value: string): Range | null {
  if (ipaddr.isValidCIDR(value)) {
    const [addr, bits] = ipaddr.parseCIDR(value);
    // `::ffff:1.2.3.0/120` covers what parseAddress turns into plain IPv4.
    if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
    return [addr, bits];
  }
  const addr = parseAddress(value);
  return addr ? [addr, addr.kind() === 'ipv4' ? 32 : 128] : null;
}

export const inRange = (addr: Address, [net, bits]: Range) => addr.kind() === net.kind() && addr.match(net, bits);
