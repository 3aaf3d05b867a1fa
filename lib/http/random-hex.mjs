/**
 * `byteCount` bytes from the platform's secure random generator, in hex: the site's nonces,
 * anti-forgery tokens and page-cache secret. Plain JavaScript, so that next.config.mjs (through
 * lib/http/security-headers.mjs), the proxy, the server and the browser can all load it.
 */
export function randomHex(byteCount) {
  const bytes = new Uint8Array(byteCount);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
