/**
 * Types for s3rver 3 (an in-process S3-compatible server; test-only devDependency, it ships no types): only what
 * storage-s3.test.ts uses.
 */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    /** Interface to listen on (default localhost). */
    address?: string;
    /** Port to listen on; 0 picks a free one (default 4568). */
    port?: number;
    /** Suppress the request log. */
    silent?: boolean;
    /** Folder the buckets and objects are kept in. */
    directory: string;
    /** Remove every bucket and object on close. */
    resetOnClose?: boolean;
    /** Buckets created on start; `configs` are bucket configuration XML documents (CORS, website). */
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves with the bound address. */
    run(): Promise<AddressInfo>;
    /** Stops listening. */
    close(): Promise<void>;
  }
}
