import 'server-only';
import { cookies } from 'next/headers';
import { getServerEnv } from '../env/server';

/**
 * End-to-end tests put copy of their own (a Portable Text title, an empty heading, a long
 * Chinese title) in place of a document's fields, for one browser context, through the cookie
 * `tcsa-test-copy`: URL-encoded JSON `{ "<document id>": { "<field>": <value> } }`, e.g.
 * `{"homePage":{"heroTitle":"INTERNATIONALIZATION"}}`. The values replace what the content
 * source answered, before the read shapes it (lib/content/coerce.ts), as an import or the API
 * could have stored them. Only a server run with TCSA_ENABLE_TEST_FAULTS=1 reads the cookie;
 * tests set the fault cookie with it, which keeps such pages out of the shared caches.
 */
export const TEST_COPY_COOKIE = 'tcsa-test-copy';

type Overrides = Record<string, Record<string, unknown>>;

async function overrides(): Promise<Overrides | null> {
  if (getServerEnv().TCSA_ENABLE_TEST_FAULTS !== '1') return null;
  let raw: string | undefined;
  try {
    raw = (await cookies()).get(TEST_COPY_COOKIE)?.value;
  } catch {
    // Outside a request (build, scripts) there are no cookies.
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Overrides) : null;
  } catch {
    return null;
  }
}

/** The read's result with the test's values for the document, if a test gave any. */
export async function withTestCopy(documentId: string, result: unknown): Promise<unknown> {
  const fields = (await overrides())?.[documentId];
  if (!fields || typeof result !== 'object' || result === null || Array.isArray(result)) {
    return result;
  }
  return { ...(result as Record<string, unknown>), ...fields };
}
