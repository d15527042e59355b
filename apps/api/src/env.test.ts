/**
 * Environment parsing of the upload storage (REQ-DATA-07, REQ-AGENT-09 "S3-compatible storage when configured"): S3_BUCKET
 * switches uploads to S3, the other S3_* variables shape the connection, and bad combinations stop start-up.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAP_TILES } from '@abode/shared/map-tiles';
import {
  DEFAULT_S3_REGION,
  devExposureWarning,
  EnvError,
  isLoopbackHost,
  listenAddress,
  loadEnv,
} from '#src/env.ts';

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

describe('loadEnv: map tiles (REQ-SEARCH-30)', () => {
  const osmCredit = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
  /** The message loadEnv throws for `vars`, or undefined when it accepts them. */
  const refusal = (vars: Record<string, string>): string | undefined => {
    try {
      loadEnv({ ...base, ...vars });
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      return (error as Error).message;
    }
  };

  test("unset: OpenStreetMap's tiles, credit and zoom 19; empty values count as unset", () => {
    expect(loadEnv(base).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      subdomains: [],
      maxZoom: 19,
      attribution: [
        { text: '© ' },
        { text: 'OpenStreetMap', href: 'https://www.openstreetmap.org/copyright' },
        { text: ' contributors' },
      ],
    });
    expect(loadEnv(base).mapTiles).toEqual(DEFAULT_MAP_TILES);
    const empty = {
      MAP_TILE_URL: '',
      MAP_TILE_SUBDOMAINS: '',
      MAP_TILE_ATTRIBUTION: '',
      MAP_TILE_MAX_ZOOM: '',
    };
    expect(loadEnv({ ...base, ...empty }).mapTiles).toEqual(DEFAULT_MAP_TILES);
    // The default credit, written out as an operator would, parses to the same parts.
    expect(loadEnv({ ...base, MAP_TILE_ATTRIBUTION: osmCredit }).mapTiles).toEqual(DEFAULT_MAP_TILES);
  });

  test('a provider as its documentation shows it: subdomains, retina, entities and extra link attributes', () => {
    const tiles = loadEnv({
      ...base,
      MAP_TILE_URL: ' https://{s}.tile.thunderforest.com/atlas/{z}/{x}/{y}{r}.png?apikey=0123abcd ',
      MAP_TILE_ATTRIBUTION:
        'Maps &copy; <a href="https://www.thunderforest.com/" target="_blank">Thunderforest</a>, Data &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
      MAP_TILE_MAX_ZOOM: '22',
    }).mapTiles;
    expect(tiles).toEqual({
      url: 'https://{s}.tile.thunderforest.com/atlas/{z}/{x}/{y}{r}.png?apikey=0123abcd',
      // {s} without MAP_TILE_SUBDOMAINS: Leaflet's and the providers' a, b, c.
      subdomains: ['a', 'b', 'c'],
      maxZoom: 22,
      attribution: [
        { text: 'Maps © ' },
        { text: 'Thunderforest', href: 'https://www.thunderforest.com/' },
        { text: ', Data © ' },
        { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
      ],
    });
    const stadia = loadEnv({
      ...base,
      MAP_TILE_URL: 'https://tiles.stadiamaps.com/tiles/alidade_smooth/{z}/{x}/{y}{r}.png',
      MAP_TILE_ATTRIBUTION:
        '&copy; <a href="https://stadiamaps.com/">Stadia Maps</a> &copy; <a href="https://openmaptiles.org/">OpenMapTiles</a> &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      MAP_TILE_MAX_ZOOM: '20',
    }).mapTiles;
    expect(stadia.subdomains).toEqual([]);
    expect(stadia.attribution.filter((p) => p.href).map((p) => p.text)).toEqual([
      'Stadia Maps',
      'OpenMapTiles',
      'OpenStreetMap',
    ]);
    // Own subdomains, a TMS row ({-y}), and plain http to a tile server on this machine.
    expect(
      loadEnv({
        ...base,
        MAP_TILE_URL: 'https://{s}.tiles.example.org/tms/{z}/{x}/{-y}.png',
        MAP_TILE_SUBDOMAINS: 'tiles1, tiles2',
        MAP_TILE_ATTRIBUTION: 'Tiles: our own server',
      }).mapTiles,
    ).toMatchObject({ subdomains: ['tiles1', 'tiles2'], attribution: [{ text: 'Tiles: our own server' }] });
    expect(
      loadEnv({
        ...base,
        MAP_TILE_URL: 'http://127.0.0.1:8080/styles/basic/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: osmCredit,
      }).mapTiles.url,
    ).toBe('http://127.0.0.1:8080/styles/basic/{z}/{x}/{y}.png');
  });

  test('a bad URL template stops start-up, saying what is wrong', () => {
    const credit = { MAP_TILE_ATTRIBUTION: osmCredit };
    const cases: [string, RegExp][] = [
      [
        'http://tiles.example.org/{z}/{x}/{y}.png',
        /MAP_TILE_URL: must be https:\/\/ \(plain http only on localhost\)/,
      ],
      ['https://tiles.example.org/{z}/{x}.png', /MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}/],
      [
        'https://tiles.example.org/{z}/{x}/{y}.png?key={apikey}',
        /MAP_TILE_URL: unknown placeholder \{apikey\}/,
      ],
      ['tiles.example.org/{z}/{x}/{y}.png', /MAP_TILE_URL: is not an absolute URL/],
      ['ftp://tiles.example.org/{z}/{x}/{y}.png', /MAP_TILE_URL: must be an https:\/\/ URL/],
      ['javascript:alert(1)//{z}/{x}/{y}', /MAP_TILE_URL: must be an https:\/\/ URL/],
      ['https://user:secret@tiles.example.org/{z}/{x}/{y}.png', /MAP_TILE_URL: must not contain a user name/],
      ['https://{z}.tiles.example.org/{x}/{y}.png', /MAP_TILE_URL: only \{s\} may appear in the host name/],
      ['http://[::1]:8080/{z}/{x}/{y}.png', /MAP_TILE_URL: must name its host, not an IPv6 address/],
    ];
    for (const [url, message] of cases)
      expect(refusal({ MAP_TILE_URL: url, ...credit }), url).toMatch(message);
    expect(
      refusal({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_SUBDOMAINS: 'a,b' }),
    ).toMatch(/MAP_TILE_SUBDOMAINS: set, but MAP_TILE_URL has no \{s\}/);
    expect(
      refusal({
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        MAP_TILE_SUBDOMAINS: 'a,b c',
        ...credit,
      }),
    ).toMatch(/MAP_TILE_SUBDOMAINS: "b c" is not a host name label/);
  });

  test('a custom URL needs its own credit line, which may hold text and https links only', () => {
    const url = { MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' };
    expect(refusal(url)).toMatch(/MAP_TILE_ATTRIBUTION: required with MAP_TILE_URL/);
    const cases: [string, RegExp][] = [
      [
        '© Example <script>alert(1)</script>',
        /only text and <a href="https:\/\/…"> links are allowed, not <script>/,
      ],
      [
        '<a href="javascript:alert(1)">Example</a>',
        /links must be https:\/\/ addresses, not "javascript:alert\(1\)"/,
      ],
      ['<a href="http://example.org">Example</a>', /links must be https:\/\/ addresses/],
      ['<a>Example</a>', /links must be https:\/\/ addresses, not "\(none\)"/],
      ['© <img src="https://example.org/logo.png"> Example', /not <img>/],
      ['<a href="https://example.org"><b>Example</b></a>', /a link may hold text only/],
      ['<a href="https://example.org"> </a>', /the link to https:\/\/example.org has no text/],
      ['<!-- nothing -->', /only text and <a href/],
      ['   ', /is empty: tile providers require a credit line/],
    ];
    for (const [credit, message] of cases)
      expect(refusal({ ...url, MAP_TILE_ATTRIBUTION: credit }), credit).toMatch(message);
  });

  test('the maximum zoom is a whole number from 0 to 22', () => {
    expect(loadEnv({ ...base, MAP_TILE_MAX_ZOOM: '0' }).mapTiles.maxZoom).toBe(0);
    expect(loadEnv({ ...base, MAP_TILE_MAX_ZOOM: '18' }).mapTiles.maxZoom).toBe(18);
    for (const bad of ['23', '-1', '18.5', 'max'])
      expect(refusal({ MAP_TILE_MAX_ZOOM: bad }), bad).toMatch(/MAP_TILE_MAX_ZOOM/);
  });

  test('every problem is reported at once', () => {
    const message = refusal({
      MAP_TILE_URL: 'http://tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '<script>x</script>',
    });
    expect(message).toMatch(/MAP_TILE_URL: must be https[\s\S]*MAP_TILE_ATTRIBUTION: only text/);
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

  test('sign-ins per client IP: 20 an hour unless set (REQ-LIMIT-02); a bad value stops start-up', () => {
    expect(loadEnv(base).AUTH_RATE_LIMIT_PER_IP_PER_HOUR).toBe(20);
    expect(loadEnv({ ...base, AUTH_RATE_LIMIT_PER_IP_PER_HOUR: '500' }).AUTH_RATE_LIMIT_PER_IP_PER_HOUR).toBe(
      500,
    );
    expect(() => loadEnv({ ...base, AUTH_RATE_LIMIT_PER_IP_PER_HOUR: '0' })).toThrow(
      /AUTH_RATE_LIMIT_PER_IP_PER_HOUR/,
    );
  });

  test('sign-ins per account from any address: 10 an hour unless set (REQ-LIMIT-02)', () => {
    expect(loadEnv(base).AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR).toBe(10);
    expect(
      loadEnv({ ...base, AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR: '1000000' })
        .AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
    ).toBe(1_000_000);
    expect(() => loadEnv({ ...base, AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR: '-1' })).toThrow(
      /AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR/,
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

describe('loadEnv: production needs AUTH_SECRET and PUBLIC_URL (REQ-SEC-14)', () => {
  const secret = 'x'.repeat(32);
  const production = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;

  test('refuses to start without either, naming each missing one', () => {
    expect(() => loadEnv({ ...production, AUTH_SECRET: secret })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(() => loadEnv({ ...production, PUBLIC_URL: 'https://abode.example.org' })).toThrow(
      /AUTH_SECRET: required in production/,
    );
    let error: unknown;
    try {
      loadEnv(production);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(/AUTH_SECRET: required[\s\S]*PUBLIC_URL: required/);
  });

  test('starts with both; outside production neither is needed', () => {
    const env = loadEnv({ ...production, AUTH_SECRET: secret, PUBLIC_URL: 'https://abode.example.org' });
    expect(env.PUBLIC_URL).toBe('https://abode.example.org');
    expect(loadEnv({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });
});

describe('listen address (REQ-SEC-14)', () => {
  const secret = 'x'.repeat(32);
  const productionEnv = {
    NODE_ENV: 'production',
    AUTH_SECRET: secret,
    PUBLIC_URL: 'https://abode.example.org',
  } as NodeJS.ProcessEnv;

  test('unset HOST is 127.0.0.1 outside production and 0.0.0.0 in production; a set HOST wins', () => {
    expect(listenAddress({ NODE_ENV: 'development' })).toBe('127.0.0.1');
    expect(listenAddress({ NODE_ENV: 'test', HOST: '' })).toBe('127.0.0.1');
    expect(listenAddress({ NODE_ENV: 'production' })).toBe('0.0.0.0');
    expect(listenAddress({ NODE_ENV: 'development', HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(listenAddress({ NODE_ENV: 'production', HOST: '127.0.0.1' })).toBe('127.0.0.1');
    // loadEnv applies it; an empty HOST (HOST= in a compose file) counts as unset.
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: ' ' }).HOST).toBe('127.0.0.1');
    expect(loadEnv(productionEnv).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '::' }).HOST).toBe('::');
  });

  test('loopback addresses are localhost, 127.0.0.0/8 and ::1', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', 'LOCALHOST'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'abode.example.org', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  test('a development server on a non-loopback address gets a loud warning; loopback and production none', () => {
    const warning = devExposureWarning({ NODE_ENV: 'development', HOST: '0.0.0.0', PORT: 3000 });
    expect(warning).toContain('WARNING');
    expect(warning).toContain('0.0.0.0:3000');
    expect(warning).toMatch(/demo accounts/);
    expect(warning).toMatch(/\/api\/dev/);
    expect(warning!.split('\n').length).toBeGreaterThan(3);
    expect(devExposureWarning({ NODE_ENV: 'test', HOST: '192.168.1.20', PORT: 3100 })).toContain(
      '192.168.1.20:3100',
    );
    expect(devExposureWarning({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: 3000 })).toBeNull();
    expect(devExposureWarning({ NODE_ENV: 'development', HOST: 'localhost', PORT: 3000 })).toBeNull();
    expect(devExposureWarning({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: 3000 })).toBeNull();
  });
});
