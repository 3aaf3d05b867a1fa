/** The part of s3rver (a test server of the S3 protocol, which ships no types) the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    /** The folder that holds the buckets. */
    directory: string;
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
