/**
 * A sign-in's network address as staff read it. Better Auth stores what it was given in its own
 * form: an IPv4 address as it is, an IPv4 address arriving over IPv6 (`::ffff:1.2.3.4`) as the
 * IPv4 address, and any other IPv6 address written out in full and cut to its /64 network
 * (`2001:0db8:0000:0000:0000:0000:0000:0000`), so a connection from this computer (`::1`) is
 * stored as all zeros. Pure and without imports: the console's pages and the audit log share it.
 */

/** What an address reads as when none was kept. */
export const UNKNOWN_ADDRESS = 'unknown';
/** The unspecified and loopback addresses: the request came from this machine or its proxy. */
export const LOCAL_ADDRESS = 'unknown (a local connection)';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isIpv4(address: string): boolean {
  const match = IPV4.exec(address);
  return match !== null && match.slice(1).every((part) => Number(part) <= 255);
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  // An IPv4 address in the last 32 bits (`::ffff:1.2.3.4`): as two groups.
  const tail = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    if (!isIpv4(tail[1]!)) return null;
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string) => (half === '' ? [] : half.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** `2001:db8::1`: the groups without leading zeros, the longest run of zero groups as `::`. */
function compressed(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length; start += 1) {
    let length = 0;
    while (groups[start + length] === 0) length += 1;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * `1.2.3.4`, `2001:db8:1:2::/64` (the network Better Auth kept), 'unknown (a local connection)'
 * for the unspecified or loopback address, 'unknown' for none; a value that is no address is shown
 * as it is.
 */
export function addressWords(address: string | null | undefined): string {
  const text = address?.trim() ?? '';
  if (text === '') return UNKNOWN_ADDRESS;
  if (isIpv4(text)) return text === '0.0.0.0' || text.startsWith('127.') ? LOCAL_ADDRESS : text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // The unspecified address, loopback (`::1`), and loopback cut to its /64 network.
  if (zero(0, 7) && groups[7]! <= 1) return LOCAL_ADDRESS;
  // IPv4-mapped (`::ffff:1.2.3.4`): the IPv4 address it is.
  if (zero(0, 5) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return addressWords(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  // A /64 network, as Better Auth keeps IPv6 addresses.
  if (zero(4, 8)) return `${compressed(groups)}/64`;
  return compressed(groups);
}
