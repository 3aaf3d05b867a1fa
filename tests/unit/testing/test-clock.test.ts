import { execFile } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedIncomingMessage, createFrontDoor } from '@/lib/http/front-door.mjs';
import {
  TEST_CLOCK_PATH,
  createTestClockEndpoint,
  startTestClock,
  testClockWanted,
  type TestClock,
} from '@/lib/testing/test-clock.mjs';

/**
 * The test clock of the server entry (lib/testing/test-clock.mjs, scripts/serve.mjs): who may
 * run on it, the fake Date it installs, and its endpoint behind the front door. Installing the
 * fake Date happens in a child process: this worker keeps the real one.
 */

const run = promisify(execFile);
const SERVER_ENTRY = path.resolve('scripts/serve.mjs');
const MODULE_URL = pathToFileURL(path.resolve('lib/testing/test-clock.mjs')).href;

describe('who runs on the test clock', () => {
  it('a test server that asks for it, and no other server', () => {
    expect(testClockWanted({})).toBe(false);
    expect(testClockWanted({ TCSA_TEST_CLOCK: '' })).toBe(false);
    expect(testClockWanted({ TCSA_ENABLE_TEST_FAULTS: '1' })).toBe(false);
    expect(testClockWanted({ TCSA_ENABLE_TEST_FAULTS: '1', TCSA_TEST_CLOCK: '1' })).toBe(true);
  });

  it('refuses TCSA_TEST_CLOCK on a server that is not a test server, or set to anything but 1', () => {
    for (const faults of [undefined, '', '0', 'true']) {
      expect(() =>
        testClockWanted({ TCSA_ENABLE_TEST_FAULTS: faults, TCSA_TEST_CLOCK: '1' }),
      ).toThrow(/TCSA_TEST_CLOCK is for test servers only: it needs TCSA_ENABLE_TEST_FAULTS=1/);
    }
    expect(() => testClockWanted({ TCSA_ENABLE_TEST_FAULTS: '1', TCSA_TEST_CLOCK: 'yes' })).toThrow(
      'TCSA_TEST_CLOCK must be 1 or unset (it is "yes").',
    );
  });

  it('installs nothing when the server does not ask for it', async () => {
    const RealDate = Date;
    expect(await startTestClock({})).toBeNull();
    expect(await startTestClock({ TCSA_ENABLE_TEST_FAULTS: '1' })).toBeNull();
    expect(Date).toBe(RealDate);
  });

  it('the server entry does not start with TCSA_TEST_CLOCK and without TCSA_ENABLE_TEST_FAULTS=1', async () => {
    // Refused before Next.js loads: no build is needed to see it.
    const started = run(process.execPath, [SERVER_ENTRY, '--port', '1'], {
      env: { ...process.env, TCSA_ENABLE_TEST_FAULTS: '', TCSA_TEST_CLOCK: '1' },
      timeout: 20_000,
    });
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        'The TCSA site cannot start: TCSA_TEST_CLOCK is for test servers only',
      ),
    });
  });
});

describe('the installed clock', () => {
  it('is the whole process’s Date, starts at the real time, flows, and moves forward', async () => {
    const script = `
      const { startTestClock } = await import(${JSON.stringify(MODULE_URL)});
      const NativeDate = Date;
      const realStart = NativeDate.now();
      const started = await startTestClock({ TCSA_ENABLE_TEST_FAULTS: '1', TCSA_TEST_CLOCK: '1' });
      const startOffset = Date.now() - realStart;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const flowed = Date.now() - realStart;
      started.clock.setSystemTime(Date.UTC(2030, 0, 1));
      // Next.js wraps the Date it finds with a copy of its own properties
      // (next/dist/server/node-environment-extensions/date.js).
      const Wrapped = Object.defineProperties(function Date() {}, Object.getOwnPropertyDescriptors(Date));
      console.log(JSON.stringify({
        fake: Date !== NativeDate,
        startOffset,
        flowed,
        now: new Date().toISOString(),
        asFunction: Date(),
        parse: Wrapped.parse('2030-01-01T00:00:00Z'),
        utc: Wrapped.UTC(2030, 0, 1),
        explicit: new Date(0).toISOString(),
        instance: new Date() instanceof NativeDate && new NativeDate() instanceof Date,
      }));
      process.exit(0);
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      timeout: 20_000,
    });
    const seen = JSON.parse(stdout);
    expect(seen.fake).toBe(true);
    expect(Math.abs(seen.startOffset)).toBeLessThan(1000);
    expect(seen.flowed).toBeGreaterThanOrEqual(100);
    expect(seen.now.startsWith('2030-01-01T00:00:00')).toBe(true);
    expect(seen.asFunction).toContain('2030');
    expect(seen.parse).toBe(Date.UTC(2030, 0, 1));
    expect(seen.utc).toBe(Date.UTC(2030, 0, 1));
    expect(seen.explicit).toBe('1970-01-01T00:00:00.000Z');
    expect(seen.instance).toBe(true);
  });
});

describe('the test clock’s endpoint behind the front door', () => {
  let server: Server | null = null;

  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = null;
  });

  /** The entry's chain: the front door, the clock's endpoint, then the app (a stand-in). */
  async function start(now: number) {
    const clock: TestClock & { now: number } = {
      now,
      setSystemTime(time: number) {
        this.now = time;
      },
    };
    const frontDoor = createFrontDoor({ hops: 0, production: true });
    const endpoint = createTestClockEndpoint(clock, { 'Cache-Control': 'no-store' });
    server = createServer({ IncomingMessage: BoundedIncomingMessage }, (request, response) => {
      if (frontDoor(request as BoundedIncomingMessage, response)) return;
      if (endpoint(request, response)) return;
      request.resume();
      response.statusCode = 404;
      response.end('the app');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { clock, base: `http://127.0.0.1:${port}` };
  }

  it('answers the clock’s now and moves it forward', async () => {
    const { clock, base } = await start(Date.UTC(2026, 10, 1, 12));
    const read = await fetch(`${base}${TEST_CLOCK_PATH}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toEqual({ now: '2026-11-01T12:00:00.000Z' });

    const moved = await fetch(`${base}${TEST_CLOCK_PATH}/`, {
      method: 'POST',
      body: JSON.stringify({ to: '2026-11-01T12:10:00.000Z' }),
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: '2026-11-01T12:10:00.000Z' });
    expect(clock.now).toBe(Date.UTC(2026, 10, 1, 12, 10));
  });

  it('refuses to move back, a body without a time, a large body and other methods', async () => {
    const { clock, base } = await start(Date.UTC(2026, 10, 1, 12));
    const post = (body: string) => fetch(`${base}${TEST_CLOCK_PATH}`, { method: 'POST', body });

    const back = await post(JSON.stringify({ to: '2026-11-01T11:59:59.000Z' }));
    expect(back.status).toBe(409);
    expect(await back.json()).toMatchObject({ error: 'The test clock only moves forward.' });
    for (const body of ['', 'soon', '{}', '{"to": 5}', '{"to": "tomorrow"}']) {
      expect((await post(body)).status, body).toBe(400);
    }
    expect((await post(JSON.stringify({ to: 'x'.repeat(2000) }))).status).toBe(413);
    const put = await fetch(`${base}${TEST_CLOCK_PATH}`, { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(clock.now).toBe(Date.UTC(2026, 10, 1, 12));
  });

  it('reads a chunked body to its end before answering', async () => {
    const { clock, base } = await start(Date.UTC(2026, 10, 1, 12));
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${base}${TEST_CLOCK_PATH}`, { method: 'POST' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write('{"to": "2026-11-0');
      setTimeout(() => request.end('2T00:00:00.000Z"}'), 50);
    });
    expect(status).toBe(200);
    expect(clock.now).toBe(Date.UTC(2026, 10, 2));
  });

  it('leaves every other path to the app', async () => {
    const { base } = await start(Date.UTC(2026, 10, 1, 12));
    for (const address of ['/__test/clockwork', '/__test', '/api/events/', '/']) {
      const response = await fetch(`${base}${address}`);
      expect(await response.text(), address).toBe('the app');
    }
  });
});
