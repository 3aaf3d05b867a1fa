import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const TEST_CLOCK_PATH: string;
export declare const TEST_CLOCK_BODY_BYTES: number;
export type TestClock = { readonly now: number; setSystemTime(now: number): void };
export type TestClockEndpoint = (request: IncomingMessage, response: ServerResponse) => boolean;
export type StartedTestClock = {
  clock: TestClock;
  path: string;
  endpoint: (headers: Record<string, string>) => TestClockEndpoint;
};
export declare function testClockWanted(env: Record<string, string | undefined>): boolean;
export declare function installTestClock(): Promise<TestClock>;
export declare function startTestClock(
  env: Record<string, string | undefined>,
): Promise<StartedTestClock | null>;
export declare function createTestClockEndpoint(
  clock: TestClock,
  headers: Record<string, string>,
): TestClockEndpoint;
