// Plain JavaScript on purpose: the server entry (scripts/serve.mjs, run by Node as it is) and the
// app's TypeScript both import it. Types: client-address.d.mts.

import { isIP } from 'node:net';

/**
 * The header that carries the client's address to the app. Only the server entry writes it: it
 * deletes whatever a client sent under this name, then sets it from the connection (and the
 * trusted proxies' X-Forwarded-For entries). The rate limits and Better Auth read nothing else.
 */
export const CLIENT_ADDRESS_HEADER = 'x-tcsa-client-address';

/** Request headers only the server entry may set: a client's own copies are deleted. */
export const PRIVATE_REQUEST_HEADERS = [CLIENT_ADDRESS_HEADER];

/** More proxies than this in front of one site is a mistake in the setting, not a real chain. */
export const MAX_TRUSTED_PROXY_HOPS = 10;

/**
 * TRUSTED_PROXY_HOPS as a number: unset or empty is 0 (no proxy: the connection's own address
 * is the client's). Throws an Error whose message says what is wrong otherwise.
 *
 * @param {string | undefined} raw
 * @returns {number}
 */
export function parseTrustedProxyHops(raw) {
  const text = raw?.trim() ?? '';
  if (text === '') return 0;
  if (!/^\d+$/.test(text) || Number(text) > MAX_TRUSTED_PROXY_HOPS) {
    throw new Error(
      `TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS}: how many proxies in front of the site append to X-Forwarded-For (0 or unset when clients connect directly). It is "${text}".`,
    );
  }
  return Number(text);
}

/**
 * The client's address: the connection's own address when no proxy is trusted, else the entry
 * of X-Forwarded-For that the farthest trusted proxy appended.
 *
 * Each proxy appends the address it received the request from, so reading from the right, the
 * connection's address counts as hop 0 (the nearest proxy), the last X-Forwarded-For entry as
 * hop 1 (what that proxy saw), and so on: with `hops` trusted proxies the client is the `hops`-th
 * address from the right. Entries farther left were written by the client (or by proxies nobody
 * vouches for) and are never used. A chain shorter than `hops` (a request that did not pass every
 * proxy) gives its farthest address, and an entry that is not an IP address is not believed: the
 * nearest address behind it is used.
 *
 * @param {{ socketAddress: string | undefined; forwardedFor: string | string[] | undefined; hops: number }} input
 * @returns {string | null}
 */
export function clientAddressOf({ socketAddress, forwardedFor, hops }) {
  // A request whose socket has already closed has no address, and nobody to answer either.
  if (!socketAddress) return null;
  /** @type {string[]} */
  const chain = [socketAddress];
  if (hops > 0 && forwardedFor !== undefined) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (let index = entries.length - 1; index >= 0 && chain.length <= hops; index -= 1) {
      chain.push(entries[index]);
    }
  }
  let address = null;
  for (const candidate of chain.slice(0, hops + 1)) {
    const bare = bareAddress(candidate);
    if (!isIP(bare)) break;
    address = bare;
  }
  return address;
}

/**
 * An address without brackets, port or zone (`[2001:db8::1]:443`, `203.0.113.7:51000`,
 * `fe80::1%eth0`); an IPv4-mapped IPv6 address as its IPv4 form.
 *
 * @param {string} raw
 * @returns {string}
 */
function bareAddress(raw) {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  address = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * Prepares an incoming request for the app (called by the server entry for every request):
 * deletes the private headers a client may have sent and sets the client's address.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {number} hops
 * @returns {string | null} the address set, or null when there is none (a closed socket)
 */
export function stampClientAddress(request, hops) {
  // Next.js builds the app's Request from `headers` (rawHeaders is left as the client sent it:
  // Node's own lazy views of it count on its length).
  for (const name of PRIVATE_REQUEST_HEADERS) delete request.headers[name];
  const address = clientAddressOf({
    socketAddress: request.socket.remoteAddress,
    forwardedFor: request.headers['x-forwarded-for'],
    hops,
  });
  if (address) request.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
