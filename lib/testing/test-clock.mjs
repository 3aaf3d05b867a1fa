// Plain JavaScript on purpose: run by Node as it is, inside the server entry (scripts/serve.mjs).
// Types: test-clock.d.mts.

/**
 * A server clock the end-to-end tests move forward, so that a test of a scheduled publication
 * does not wait for its time in real time (tests/e2e/event-authoring.spec.ts).
 *
 * Only a test server runs on it: TCSA_TEST_CLOCK=1 together with TCSA_ENABLE_TEST_FAULTS=1, in
 * the server's own environment (the server decides before Next.js loads, and so before it reads
 * the .env files). TCSA_TEST_CLOCK without TCSA_ENABLE_TEST_FAULTS=1 stops the server from
 * starting. Without TCSA_TEST_CLOCK nothing of this clock is loaded, let alone installed, and
 * TEST_CLOCK_PATH is an unknown path like any other (the site's 404).
 *
 * Installed, the whole process's `Date` is @sinonjs/fake-timers' (nothing else is faked: timers,
 * `performance` and the event loop run as always). It starts at the real time and flows with it,
 * 20 ms at a time (a little slower than the real time while the process is busy, never faster);
 * the tests only ever move it forward, through TEST_CLOCK_PATH:
 * - `GET` answers `{"now": "<ISO time>"}`: the server's now, which a test schedules from (the
 *   console refuses a publication time that is not after the server's now);
 * - `POST` with `{"to": "<ISO time>"}` sets the clock to that time (a time before the clock's
 *   now is refused: the caches keep what they read with the time it was read) and answers as GET.
 */

export const TEST_CLOCK_PATH = '/__test/clock';

/** The largest body a POST to TEST_CLOCK_PATH may have: a time in a small JSON object. */
export const TEST_CLOCK_BODY_BYTES = 1024;

/**
 * Whether the server runs on the test clock, from its environment. Throws, with the reason the
 * server cannot start, when TCSA_TEST_CLOCK is set on a server that is not a test server or to
 * anything but 1.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
export function testClockWanted(env) {
  const wanted = env.TCSA_TEST_CLOCK ?? '';
  if (wanted === '') return false;
  if (env.TCSA_ENABLE_TEST_FAULTS !== '1') {
    throw new Error(
      'TCSA_TEST_CLOCK is for test servers only: it needs TCSA_ENABLE_TEST_FAULTS=1 as well, in ' +
        'the server’s environment. Unset TCSA_TEST_CLOCK on any other server.',
    );
  }
  if (wanted !== '1') {
    throw new Error(`TCSA_TEST_CLOCK must be 1 or unset (it is "${wanted}").`);
  }
  return true;
}

/**
 * @typedef {{ readonly now: number; setSystemTime(now: number): void }} TestClock
 */

/**
 * Replaces this process's `Date` with a fake one that starts at the real time and flows with it.
 * Call it before anything else reads the clock (before Next.js loads), so that every part of the
 * server reads the one clock. The fake timers library is a development dependency, loaded here
 * and nowhere else.
 *
 * @returns {Promise<TestClock>}
 */
export async function installTestClock() {
  const { default: FakeTimers } = await import('@sinonjs/fake-timers');
  const NativeDate = globalThis.Date;
  const clock = FakeTimers.install({
    now: Date.now(),
    toFake: ['Date'],
    // Every 20 ms the fake time moves 20 ms on.
    shouldAdvanceTime: true,
  });
  // The fake Date is a subclass of the real one: it inherits `Date.parse` and `Date.UTC`. Next.js
  // wraps the Date it finds (next/dist/server/node-environment-extensions/date.js) with a copy of
  // its own properties only, which would leave the server without them ("Date.UTC is not a
  // function"): they become the fake's own.
  for (const name of Object.getOwnPropertyNames(NativeDate)) {
    if (!Object.hasOwn(globalThis.Date, name)) {
      Object.defineProperty(
        globalThis.Date,
        name,
        /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(NativeDate, name)),
      );
    }
  }
  return clock;
}

/**
 * @typedef {{
 *   clock: TestClock;
 *   path: string;
 *   endpoint: (headers: Record<string, string>) => ReturnType<typeof createTestClockEndpoint>;
 * }} StartedTestClock
 */

/**
 * The test clock of a server started with `env`, installed (see installTestClock), with its
 * endpoint; null when TCSA_TEST_CLOCK is unset. Throws as testClockWanted does.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<StartedTestClock | null>}
 */
export async function startTestClock(env) {
  if (!testClockWanted(env)) return null;
  const clock = await installTestClock();
  return {
    clock,
    path: TEST_CLOCK_PATH,
    endpoint: (headers) => createTestClockEndpoint(clock, headers),
  };
}

/**
 * The request handler of TEST_CLOCK_PATH on a server that runs on `clock`: true when it has
 * answered the request, false for any other path (the app's).
 *
 * @param {TestClock} clock
 * @param {Record<string, string>} headers the answers' headers (the front door's)
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => boolean}
 */
export function createTestClockEndpoint(clock, headers) {
  /**
   * @param {import('node:http').ServerResponse} response
   * @param {number} status
   * @param {unknown} value
   * @param {Record<string, string>} [extra]
   */
  function answer(response, status, value, extra = {}) {
    const body = JSON.stringify(value);
    response.writeHead(status, {
      ...headers,
      ...extra,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
    });
    response.end(body);
  }

  const now = () => ({ now: new Date(clock.now).toISOString() });

  return function testClockEndpoint(request, response) {
    const { pathname } = new URL(request.url ?? '/', 'http://test-clock.invalid');
    if (pathname !== TEST_CLOCK_PATH && pathname !== `${TEST_CLOCK_PATH}/`) return false;

    if (request.method === 'GET' || request.method === 'HEAD') {
      request.resume();
      answer(response, 200, now());
      return true;
    }
    if (request.method !== 'POST') {
      request.resume();
      answer(response, 405, { error: 'GET or POST only.' }, { Allow: 'GET, HEAD, POST' });
      return true;
    }

    // The whole body is read before the answer, however long it is.
    /** @type {Buffer[]} */
    const chunks = [];
    let bytes = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      bytes += chunk.length;
      if (bytes <= TEST_CLOCK_BODY_BYTES) chunks.push(chunk);
    });
    request.on('error', () => response.destroy());
    request.on('end', () => {
      if (bytes > TEST_CLOCK_BODY_BYTES) {
        answer(response, 413, { error: `At most ${TEST_CLOCK_BODY_BYTES} bytes.` });
        return;
      }
      /** @type {unknown} */
      let to;
      try {
        to = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.to;
      } catch {
        to = undefined;
      }
      const time = typeof to === 'string' ? Date.parse(to) : Number.NaN;
      if (!Number.isFinite(time)) {
        answer(response, 400, { error: 'Send {"to": "<ISO time>"}.' });
        return;
      }
      if (time < clock.now) {
        answer(response, 409, {
          error: 'The test clock only moves forward.',
          ...now(),
        });
        return;
      }
      clock.setSystemTime(time);
      answer(response, 200, now());
    });
    return true;
  };
}
