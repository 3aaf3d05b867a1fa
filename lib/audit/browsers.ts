import Bowser from 'bowser';

/**
 * A sign-in's browser string in words ('Chrome on Android', 'Safari on iPhone'). The string is
 * kept in the audit log as the browser sent it; only its reading is here. Bowser (MIT, no
 * dependencies) knows the browsers and systems and follows their new versions, where rules of our
 * own would drift. Its parser is not small: only server code imports this file, and the audit
 * log's reading gets the words from it (lib/audit/read.ts), not the browser's bundle.
 */

/** What a browser string reads as when nothing in it is recognised. */
export const UNKNOWN_BROWSER = 'an unknown browser';

/** Bowser's names of systems, as people say them. */
const SYSTEM_WORDS: Record<string, string> = { macOS: 'Mac', 'Chrome OS': 'ChromeOS' };

/** The device or system: 'iPhone', 'iPad', 'Android tablet', 'Android', 'Windows', 'Mac'. */
function deviceWords(parsed: Bowser.Parser.ParsedResult): string | null {
  const model = parsed.platform.model;
  if (model === 'iPhone' || model === 'iPad' || model === 'iPod') return model;
  const system = parsed.os.name;
  if (!system) return null;
  if (system === 'Android' && parsed.platform.type === 'tablet') return 'Android tablet';
  return SYSTEM_WORDS[system] ?? system;
}

export function browserWords(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? '';
  if (text === '') return UNKNOWN_BROWSER;
  const parsed = Bowser.parse(text);
  const browser = parsed.browser.name || null;
  const device = deviceWords(parsed);
  if (browser && device) return `${browser} on ${device}`;
  if (browser) return browser;
  if (device) return `a browser on ${device}`;
  return UNKNOWN_BROWSER;
}
