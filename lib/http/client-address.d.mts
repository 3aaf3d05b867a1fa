import type { IncomingMessage } from 'node:http';

export declare const CLIENT_ADDRESS_HEADER: 'x-tcsa-client-address';
export declare const PRIVATE_REQUEST_HEADERS: readonly string[];
export declare const MAX_TRUSTED_PROXY_HOPS: number;
export declare function parseTrustedProxyHops(raw: string | undefined): number;
export declare function clientAddressOf(input: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  hops: number;
}): string | null;
export declare function stampClientAddress(request: IncomingMessage, hops: number): string | null;
