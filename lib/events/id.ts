/**
 * An event id from a URL segment: a positive 32-bit integer in decimal (leading zeros allowed, so
 * `/events/007` is event 7), else null. No server code: the API, the pages and proxy.ts's page
 * cache all read ids this way.
 */
export function parseEventId(raw: string | number): number | null {
  const text = String(raw);
  if (!/^[0-9]{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
