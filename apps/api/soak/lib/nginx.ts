/**
 * nginx in front of the API for the soak tests (REQ-SEC): the production site file of docs/deploy.md
 * (`docs/deploy/nginx.conf`) with local ports and a self-signed certificate, run by the soak runner as a child process
 * (`daemon off`), every path — pid, logs, temporary files — inside the run's folder. Not the system service.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { watchChild } from './child.ts';

/** The site file of docs/deploy.md, the one template both the document and the soak test use. */
export const NGINX_SITE_FILE = path.resolve(import.meta.dirname, '../../../../docs/deploy/nginx.conf');

/** Debian's nginx binary (the `nginx` package), else the first `nginx` on PATH; null when neither exists. */
export function findNginx(): string | null {
  if (fs.existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  return commandPath('nginx');
}

/** The path of `command` on PATH, or null. */
export function commandPath(command: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface Certificate {
  /** PEM certificate, also the CA clients trust (it is self-signed). */
  certFile: string;
  keyFile: string;
  pem: string;
}

/**
 * A self-signed P-256 certificate for `localhost` and 127.0.0.1, valid for two days, made with the openssl CLI (Node
 * cannot issue X.509 certificates on its own). Throws when openssl fails.
 */
export function makeSelfSignedCertificate(dir: string): Certificate {
  fs.mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, 'localhost.crt');
  const keyFile = path.join(dir, 'localhost.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { certFile, keyFile, pem: fs.readFileSync(certFile, 'utf8') };
}

export interface SiteOptions {
  /** Plain HTTP port (the site's 80). */
  httpPort: number;
  /** HTTPS port (the site's 443). */
  httpsPort: number;
  /** The API's port (the site's 3000). */
  apiPort: number;
  certificate: Certificate;
}

/**
 * The production site file adapted to this machine: listening on 127.0.0.1 only (no IPv6 lines), on `httpPort` and
 * `httpsPort`, the redirect naming the HTTPS port (a browser reaches 443 without one), the API on `apiPort`, the
 * self-signed certificate. Every other line is the document's. Throws when a line it adapts is missing, so the
 * template cannot drift away from what is tested without the soak test saying so.
 */
export function renderSite(template: string, options: SiteOptions): string {
  const { httpPort, httpsPort, apiPort, certificate } = options;
  const replacements: [string, string][] = [
    ['    server 127.0.0.1:3000;\n', `    server 127.0.0.1:${apiPort};\n`],
    ['    listen 80;\n', `    listen 127.0.0.1:${httpPort};\n`],
    ['    listen [::]:80;\n', ''],
    ['    listen 443 ssl http2;\n', `    listen 127.0.0.1:${httpsPort} ssl http2;\n`],
    ['    listen [::]:443 ssl http2;\n', ''],
    ['return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`],
    [
      'ssl_certificate /etc/letsencrypt/live/abode.example.com/fullchain.pem;',
      `ssl_certificate ${certificate.certFile};`,
    ],
    [
      'ssl_certificate_key /etc/letsencrypt/live/abode.example.com/privkey.pem;',
      `ssl_certificate_key ${certificate.keyFile};`,
    ],
  ];
  let site = template;
  for (const [from, to] of replacements) {
    const count = site.split(from).length - 1;
    if (count !== 1)
      throw new Error(
        `${path.relative(process.cwd(), NGINX_SITE_FILE)}: expected '${from.trim()}' once, found it ${count} times`,
      );
    site = site.replace(from, to);
  }
  return site;
}

/**
 * The main nginx.conf around the site: Debian's /etc/nginx/nginx.conf reduced to what the site needs, every path in
 * `dir`. Debian's http-level TLS defaults are kept (TLS 1.0 and 1.1 included), so the test sees the site's own
 * `ssl_protocols` override them. As root the workers run as root (`user root`): the run's folder is private to root.
 */
export function mainConfig(dir: string, site: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  return [
    '# Written by apps/api/soak/lib/nginx.ts for one soak run.',
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events {',
    '    worker_connections 512;',
    '}',
    'http {',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    types_hash_max_size 2048;',
    '    default_type application/octet-stream;',
    '    ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;',
    '    ssl_prefer_server_ciphers on;',
    `    access_log ${path.join(dir, 'access.log')};`,
    `    ${temp('client_body')}`,
    `    ${temp('proxy')}`,
    `    ${temp('fastcgi')}`,
    `    ${temp('uwsgi')}`,
    `    ${temp('scgi')}`,
    '',
    site.replace(/^(?=.)/gm, '    '),
    '}',
    '',
  ].join('\n');
}

export interface Nginx {
  pid: number;
  configFile: string;
  /** The error log's text ('' before nginx wrote any). */
  errorLog(): string;
  /** Graceful stop (SIGQUIT), SIGKILL after 5 s; resolves when the master has exited. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A watchdog or a signal ends the runner with process.exit; nginx must not outlive it holding the ports.
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

function nginxArgs(dir: string, configFile: string): string[] {
  return [
    '-p',
    dir,
    '-c',
    configFile,
    '-e',
    path.join(dir, 'error.log'),
    '-g',
    `daemon off; pid ${dir}/nginx.pid;`,
  ];
}

/**
 * Writes `dir/nginx.conf`, checks it with `nginx -t` (throws with nginx's message when it is refused), starts nginx
 * and waits until both ports accept connections (throws, after stopping it, when they do not within 10 s).
 */
export async function startNginx(options: {
  binary: string;
  dir: string;
  site: string;
  ports: number[];
}): Promise<Nginx> {
  const { binary, dir } = options;
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, 'temp', name), { recursive: true });
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, mainConfig(dir, options.site));
  try {
    execFileSync(binary, ['-t', ...nginxArgs(dir, configFile)], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new Error(`nginx -t refused ${configFile}:\n${e.stderr?.toString() ?? e.message}`);
  }
  const out = fs.openSync(path.join(dir, 'nginx.out'), 'a');
  const child = spawn(binary, nginxArgs(dir, configFile), { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const { alive, stop } = watchChild(child, running);
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const nginx: Nginx = {
    pid: child.pid!,
    configFile,
    errorLog,
    stop: () => stop('SIGQUIT', 5000),
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`nginx exited during start-up:\n${errorLog().slice(-2000)}`);
    const open = await Promise.all(options.ports.map(accepts));
    if (open.every(Boolean)) return nginx;
    await new Promise((r) => setTimeout(r, 100));
  }
  await nginx.stop();
  throw new Error(
    `nginx did not listen on ${options.ports.join(' and ')} within 10 s:\n${errorLog().slice(-2000)}`,
  );
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
