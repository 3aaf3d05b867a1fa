export declare function randomHex(byteCount: number): string;
