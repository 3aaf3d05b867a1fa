import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_ADDRESS_HEADER,
  clientAddressOf,
  parseTrustedProxyHops,
  stampClientAddress,
} from '@/lib/http/client-address.mjs';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('clientAddressOf', () => {
  const address = (forwardedFor: string | undefined, hops: number, socketAddress = '192.0.2.1') =>
    clientAddressOf({ socketAddress, forwardedFor, hops });

  it('without a trusted proxy, is the connection’s own address whatever X-Forwarded-For says', () => {
    expect(address(undefined, 0)).toBe('192.0.2.1');
    expect(address('198.51.100.7', 0)).toBe('192.0.2.1');
    expect(address('198.51.100.7, 203.0.113.9', 0)).toBe('192.0.2.1');
  });

  it('behind N proxies, is the N-th address from the right, the connection counting as the nearest', () => {
    // The client forged the first entry; the one proxy appended what it saw.
    expect(address('6.6.6.6, 198.51.100.7', 1)).toBe('198.51.100.7');
    // Two proxies: the outer one appended the client, the inner one the outer one.
    expect(address('6.6.6.6, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
    // Repeated headers are one list, in order.
    expect(
      clientAddressOf({
        socketAddress: '10.0.0.3',
        forwardedFor: ['6.6.6.6', '198.51.100.7'],
        hops: 1,
      }),
    ).toBe('198.51.100.7');
  });

  it('with fewer entries than trusted hops, gives the farthest address there is', () => {
    expect(address(undefined, 1)).toBe('192.0.2.1');
    expect(address('', 1)).toBe('192.0.2.1');
    expect(address('198.51.100.7', 3)).toBe('198.51.100.7');
  });

  it('does not believe an entry that is not an IP address: the nearest address behind it counts', () => {
    expect(address('garbage', 1)).toBe('192.0.2.1');
    expect(address('198.51.100.7, unknown', 2)).toBe('192.0.2.1');
    expect(address('not-an-ip, 198.51.100.7', 2)).toBe('198.51.100.7');
  });

  it('reads addresses with ports, brackets, zones and IPv4-mapped forms', () => {
    expect(address('[2001:db8::7]:443', 1)).toBe('2001:db8::7');
    expect(address('198.51.100.7:51000', 1)).toBe('198.51.100.7');
    expect(address(undefined, 0, '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(address('fe80::1%eth0', 1)).toBe('fe80::1');
  });

  it('has no address for a request whose socket is gone', () => {
    expect(
      clientAddressOf({ socketAddress: undefined, forwardedFor: '198.51.100.7', hops: 1 }),
    ).toBeNull();
  });
});

describe('stampClientAddress', () => {
  /** The headers the app would see for a request sent over a real connection. */
  async function stamped(headers: Record<string, string>, hops: number) {
    const server = createServer((request, response) => {
      stampClientAddress(request, hops);
      response.end(JSON.stringify(request.headers));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers });
      return (await answer.json()) as Record<string, string>;
    } finally {
      server.close();
    }
  }

  it('replaces a client’s own x-tcsa-client-address with the connection’s address', async () => {
    const seen = await stamped(
      { 'X-TCSA-Client-Address': '6.6.6.6', 'X-Forwarded-For': '7.7.7.7', Accept: '*/*' },
      0,
    );
    expect(seen[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(seen['x-forwarded-for']).toBe('7.7.7.7');
    expect(seen.accept).toBe('*/*');
  });

  it('behind one trusted proxy, takes the entry that proxy appended', async () => {
    const seen = await stamped(
      { 'X-TCSA-Client-Address': '6.6.6.6', 'X-Forwarded-For': '6.6.6.6, 198.51.100.7' },
      1,
    );
    expect(seen[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.7');
  });
});

describe('TRUSTED_PROXY_HOPS', () => {
  it('is 0 when unset or empty, else a whole number up to 10', () => {
    expect(parseTrustedProxyHops(undefined)).toBe(0);
    expect(parseTrustedProxyHops('  ')).toBe(0);
    expect(parseTrustedProxyHops('1')).toBe(1);
    expect(parseTrustedProxyHops(' 2 ')).toBe(2);
    for (const wrong of ['-1', 'one', '1.5', '11', '0x1']) {
      expect(() => parseTrustedProxyHops(wrong)).toThrow(
        /TRUSTED_PROXY_HOPS must be a whole number from 0 to 10/,
      );
    }
  });

  it('is validated with the server’s other variables', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '2');
    const { getServerEnv } = await import('@/lib/env/server');
    expect(getServerEnv().TRUSTED_PROXY_HOPS).toBe(2);
    vi.resetModules();
    vi.stubEnv('TRUSTED_PROXY_HOPS', 'many');
    const again = await import('@/lib/env/server');
    expect(() => again.getServerEnv()).toThrow(/TRUSTED_PROXY_HOPS: TRUSTED_PROXY_HOPS must be/);
  });
});
