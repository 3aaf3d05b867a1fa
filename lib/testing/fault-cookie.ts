/**
 * The end-to-end tests' fault cookie (see lib/testing/faults.ts). Its own module because proxy.ts,
 * which must not load the server-only reader, also needs the name: such requests always render.
 */
export const TEST_FAULT_COOKIE = 'tcsa-test-fault';
