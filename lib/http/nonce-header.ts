/** Request header through which proxy.ts hands the page's CSP nonce to server components. */
export const NONCE_HEADER = 'x-nonce';
