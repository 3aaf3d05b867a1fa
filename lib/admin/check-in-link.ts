/**
 * The door QR code read back: what a confirmation email's code encodes is the staff link
 * `<site>/admin/check-in/<registration>` (`checkInUrl`, lib/registrations/registration-emails.ts).
 * The door's scanner accepts a decoded text only when it is such a link of this site; which event
 * the registration belongs to is the server's to say, since the link does not carry it.
 *
 * Plain code without server imports: the scanner runs it in the browser on every decoded frame.
 */

/** The path of the link, as the console's page for it (check-in/[registrationId]) reads it. */
const CHECK_IN_PATH = /^\/admin\/check-in\/(\d{1,9})$/;

/** The origin of an address, or null when it is none ('https://tcsa.ca/x' → 'https://tcsa.ca'). */
function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/**
 * The registration a decoded QR code names, or null when it is not a check-in link of this site.
 * `siteOrigins` are this site's addresses: its public address (the one emails carry) and the one
 * the door page is open on, which differ when staff reach the site by another name.
 */
export function registrationOfCheckInLink(
  decoded: string,
  siteOrigins: readonly string[],
): number | null {
  let link: URL;
  try {
    link = new URL(decoded.trim());
  } catch {
    return null;
  }
  if (link.username || link.password) return null;
  const accepted = siteOrigins.map(originOf).filter((origin) => origin !== null);
  if (!accepted.includes(link.origin)) return null;
  const match = CHECK_IN_PATH.exec(link.pathname);
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}
