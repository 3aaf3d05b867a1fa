import { IncomingMessage, type ServerResponse } from 'node:http';

export declare const LINGER_MS: number;
export declare class BoundedIncomingMessage extends IncomingMessage {
  bodyLimit: number;
  bodyBytes: number;
  bodyCut: boolean;
  bodyComplete: boolean;
  closeAfter(response: ServerResponse): void;
}
export declare function frontDoorHeaders(options: {
  production: boolean;
  cacheControl?: string;
}): Record<string, string>;
export declare function listBuildFiles(distDir: string): Set<string>;
export declare function createFrontDoor(options: {
  hops: number;
  production: boolean;
  buildFiles?: Set<string> | null;
}): (request: BoundedIncomingMessage, response: ServerResponse) => boolean;
