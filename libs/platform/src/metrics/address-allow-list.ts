import { BlockList, isIP } from 'node:net';

const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/**
 * Which peers may do something (read /metrics): addresses, CIDR ranges and the names Express's
 * `trust proxy` knows (loopback, linklocal, uniquelocal). IPv4-mapped IPv6 addresses
 * (::ffff:127.0.0.1) count as their IPv4 address.
 */
export class AddressAllowList {
  private readonly list = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const named = NAMED_RANGES[entry];
      if (named) {
        for (const [network, prefix, family] of named) this.list.addSubnet(network, prefix, family);
        continue;
      }
      const [address = '', bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (isIP(address) === 0) throw new Error(`not an address or range: ${entry}`);
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
  }

  allows(address: string | undefined): boolean {
    if (!address) return false;
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  }
}
