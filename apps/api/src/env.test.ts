/**
 * Environment parsing of the upload storage (DESIGN §5, issue #5 "S3-compatible storage when configured"): S3_BUCKET
 * switches uploads to S3, the other S3_* variables shape the connection, and bad combinations stop start-up.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_S3_REGION, loadEnv } from '#src/env.ts';

const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;

describe('loadEnv: upload storage', () => {
  test('without S3_BUCKET uploads stay on disk (an empty S3_BUCKET counts as unset)', () => {
    expect(loadEnv(base).s3).toBeNull();
    expect(loadEnv({ ...base, S3_BUCKET: '', S3_ENDPOINT: '' }).s3).toBeNull();
  });

  test('S3_BUCKET alone switches to S3 on AWS in the default region with the default credential chain', () => {
    expect(loadEnv({ ...base, S3_BUCKET: 'abode-uploads' }).s3).toEqual({
      bucket: 'abode-uploads',
      region: DEFAULT_S3_REGION,
      forcePathStyle: false,
    });
    expect(DEFAULT_S3_REGION).toBe('eu-west-2');
  });

  test('an endpoint turns path-style addressing on unless told otherwise; keys and prefix are passed on', () => {
    const env = loadEnv({
      ...base,
      S3_BUCKET: 'abode',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_PREFIX: 'uploads/',
    });
    expect(env.s3).toEqual({
      bucket: 'abode',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
      prefix: 'uploads/',
    });
    const virtualHosted = loadEnv({
      ...base,
      S3_BUCKET: 'abode',
      S3_ENDPOINT: 'https://s3.example.org',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(virtualHosted.s3?.forcePathStyle).toBe(false);
    expect(loadEnv({ ...base, S3_BUCKET: 'abode', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(
      true,
    );
  });

  test('a set bucket with an empty region, half a key pair or a bad endpoint stops start-up', () => {
    expect(() => loadEnv({ ...base, S3_BUCKET: 'abode', S3_REGION: ' ' })).toThrow(/S3_REGION: required/);
    expect(() => loadEnv({ ...base, S3_BUCKET: 'abode', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ ...base, S3_BUCKET: 'abode', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadEnv({ ...base, S3_BUCKET: 'abode', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    // Without a bucket the S3 settings are not used, so an empty region is no reason to refuse to start.
    expect(loadEnv({ ...base, S3_REGION: '' }).s3).toBeNull();
  });
});

describe('loadEnv: UI_LOCKDOWN', () => {
  test('the UI lock-down is on unless UI_LOCKDOWN turns it off; a bad value stops start-up', () => {
    expect(loadEnv(base).UI_LOCKDOWN).toBe(true);
    expect(loadEnv({ ...base, UI_LOCKDOWN: 'false' }).UI_LOCKDOWN).toBe(false);
    expect(loadEnv({ ...base, UI_LOCKDOWN: 'off' }).UI_LOCKDOWN).toBe(false);
    expect(loadEnv({ ...base, UI_LOCKDOWN: 'true' }).UI_LOCKDOWN).toBe(true);
    expect(() => loadEnv({ ...base, UI_LOCKDOWN: 'maybe' })).toThrow(/UI_LOCKDOWN/);
  });
});

describe('loadEnv: rate limits (ADR 015)', () => {
  test('search 20 and writes 60 per minute unless set; a bad value stops start-up', () => {
    expect(loadEnv(base)).toMatchObject({
      SEARCH_RATE_LIMIT_PER_MINUTE: 20,
      WRITE_RATE_LIMIT_PER_MINUTE: 60,
    });
    expect(
      loadEnv({ ...base, SEARCH_RATE_LIMIT_PER_MINUTE: '10000', WRITE_RATE_LIMIT_PER_MINUTE: '600' }),
    ).toMatchObject({ SEARCH_RATE_LIMIT_PER_MINUTE: 10_000, WRITE_RATE_LIMIT_PER_MINUTE: 600 });
    expect(() => loadEnv({ ...base, SEARCH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /SEARCH_RATE_LIMIT_PER_MINUTE/,
    );
    expect(() => loadEnv({ ...base, WRITE_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      /WRITE_RATE_LIMIT_PER_MINUTE/,
    );
  });
});

describe('loadEnv: API_PROCESSES (ADR 024)', () => {
  test('one process unless set; several need PostgreSQL; a bad count stops start-up', () => {
    expect(loadEnv(base).API_PROCESSES).toBe(1);
    const postgres = { ...base, DATABASE_URL: 'postgres://abode@db.example:5432/abode' };
    expect(loadEnv({ ...postgres, API_PROCESSES: '2' }).API_PROCESSES).toBe(2);
    expect(() => loadEnv({ ...base, API_PROCESSES: '2' })).toThrow(
      'API_PROCESSES: more than 1 needs DATABASE_URL (PostgreSQL)',
    );
    expect(() => loadEnv({ ...postgres, API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
    expect(() => loadEnv({ ...postgres, API_PROCESSES: 'two' })).toThrow(/API_PROCESSES/);
  });
});
