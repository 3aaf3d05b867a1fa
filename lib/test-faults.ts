import 'server-only';
import { cookies } from 'next/headers';
import { getServerEnv } from './env';

/**
 * End-to-end tests reach each section's error and empty states through a cookie, so that no test
 * has to break the shared database. Only a server started with TCSA_ENABLE_TEST_FAULTS=1 reads it.
 *
 * Cookie `tcsa-test-fault`: comma-separated `source=kind` pairs, e.g. `events=error,members=empty`.
 */
export const TEST_FAULT_COOKIE = 'tcsa-test-fault';

export type TestFault = 'error' | 'empty' | 'invalid' | 'slow';

const FAULT_KINDS: readonly TestFault[] = ['error', 'empty', 'invalid', 'slow'];

/** How long a 'slow' read waits before it answers: long enough to see its loading state. */
export const SLOW_READ_DELAY_MS = 3_000;

export function parseTestFaults(cookieValue: string | undefined): Map<string, TestFault> {
  const faults = new Map<string, TestFault>();
  for (const pair of (cookieValue ?? '').split(',')) {
    const [source, kind] = pair.split('=').map((part) => part.trim());
    if (source && FAULT_KINDS.includes(kind as TestFault)) {
      faults.set(source, kind as TestFault);
    }
  }
  return faults;
}

/** The fault a test asked for on `source`, or null (always null outside test servers). */
export async function testFaultFor(source: string): Promise<TestFault | null> {
  if (getServerEnv().TCSA_ENABLE_TEST_FAULTS !== '1') return null;
  try {
    const store = await cookies();
    return parseTestFaults(store.get(TEST_FAULT_COOKIE)?.value).get(source) ?? null;
  } catch {
    // Outside a request (build, scripts) there are no cookies and so no faults.
    return null;
  }
}
