import 'server-only';
import { cookies } from 'next/headers';
import { getServerEnv } from '../env/server';
import { TEST_FAULT_COOKIE } from './fault-cookie';

/**
 * End-to-end tests reach each section's error and empty states through a cookie, so that no test
 * has to break the shared database. Only a server started with TCSA_ENABLE_TEST_FAULTS=1 reads it.
 *
 * Cookie `tcsa-test-fault`: comma-separated `source=kind` pairs, e.g. `events=error,members=empty`.
 * `slow` answers normally after TEST_FAULT_DELAY_MS, so a section's loading state stays on screen
 * long enough to be seen. `copy=markers` marks every text read from the content source
 * (lib/copy/markers.ts) for the copy coverage test.
 */
export { TEST_FAULT_COOKIE };

// Long enough that a loading text is still on screen once a busy two-core machine has painted the
// page shell (3 s was not, seen on the home page with five slow sources).
export const TEST_FAULT_DELAY_MS = 6000;

export type TestFault = 'error' | 'empty' | 'invalid' | 'slow' | 'markers';
const KINDS: readonly string[] = [
  'error',
  'empty',
  'invalid',
  'slow',
  'markers',
] satisfies TestFault[];

export function parseTestFaults(cookieValue: string | undefined): Map<string, TestFault> {
  const faults = new Map<string, TestFault>();
  for (const pair of (cookieValue ?? '').split(',')) {
    const [source, kind] = pair.split('=').map((part) => part.trim());
    if (source && kind && KINDS.includes(kind)) faults.set(source, kind as TestFault);
  }
  return faults;
}

/**
 * The fault a test asked for on `source`, or null (always null outside test servers). A `slow`
 * fault is served here: the read waits, then goes on as if there were no fault.
 */
export async function testFaultFor(source: string): Promise<Exclude<TestFault, 'slow'> | null> {
  if (getServerEnv().TCSA_ENABLE_TEST_FAULTS !== '1') return null;
  let fault: TestFault | null;
  try {
    const store = await cookies();
    fault = parseTestFaults(store.get(TEST_FAULT_COOKIE)?.value).get(source) ?? null;
  } catch {
    // Outside a request (build, scripts) there are no cookies and so no faults.
    return null;
  }
  if (fault !== 'slow') return fault;
  await new Promise((resolve) => setTimeout(resolve, TEST_FAULT_DELAY_MS));
  return null;
}
