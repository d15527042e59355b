/**
 * The messages an error body may carry (REQ-MSG-04), for tests that check every 4xx of the API: the REQ-MSG-01
 * catalogue (`MESSAGES`) and every feature's `*_MESSAGES` constant in packages/shared, found by importing each
 * shared module rather than by copying strings, so a message added there is allowed here at once. Templates
 * (`textTooLong(max)`) become patterns. better-auth's own error texts are allowed on /api/auth only (REQ-MSG-01
 * "Messages from the auth and realtime services"; 'Sign in failed' shows the server message).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { BASE_ERROR_CODES } from 'better-auth';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { PASSWORD_MESSAGES } from '@abode/shared/auth/password';
import type { createApp } from '#src/app.ts';
import { callApi } from './http.ts';

const SHARED_SRC = path.resolve(import.meta.dirname, '../../../../packages/shared/src');
const MESSAGE_EXPORT = /^(?:[A-Z][A-Z0-9_]*_)?MESSAGES$/;
/** A template's argument while it is turned into a pattern. */
const HOLE = '\u0000HOLE\u0000';

export interface ErrorCatalogue {
  /** Every fixed message. */
  messages: ReadonlySet<string>;
  /** Messages built by a template, e.g. /^Should be at most .+ characters$/. */
  patterns: readonly RegExp[];
  /** Names of the constants read, e.g. `LISTING_MESSAGES` (agent/listing-input.schema.ts). */
  sources: readonly string[];
}

let loaded: Promise<ErrorCatalogue> | undefined;

/** Reads the catalogue once per test file. */
export function loadErrorCatalogue(): Promise<ErrorCatalogue> {
  loaded ??= readCatalogue();
  return loaded;
}

async function readCatalogue(): Promise<ErrorCatalogue> {
  const messages = new Set<string>();
  const patterns: RegExp[] = [];
  const sources: string[] = [];
  const files = (fs.readdirSync(SHARED_SRC, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('testing'))
    .sort();
  for (const file of files) {
    const module = (await import(path.join(SHARED_SRC, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!MESSAGE_EXPORT.test(name) || !value || typeof value !== 'object') continue;
      sources.push(`${name} (${file})`);
      collect(value, messages, patterns);
    }
  }
  return { messages, patterns, sources };
}

function collect(value: unknown, messages: Set<string>, patterns: RegExp[]): void {
  if (typeof value === 'string') messages.add(value);
  else if (typeof value === 'function') {
    const sample = String((value as (arg: string) => unknown)(HOLE));
    const escaped = sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns.push(new RegExp(`^${escaped.split(HOLE).join('.+')}$`, 's'));
  } else if (value && typeof value === 'object') {
    for (const child of Object.values(value)) collect(child, messages, patterns);
  }
}

const AUTH_SERVICE_MESSAGES = new Set(Object.values(BASE_ERROR_CODES).map((e) => e.message));
const PASSWORD_REASONS = new Set<string>(Object.values(PASSWORD_MESSAGES));

/**
 * Why `message` is not allowed as the error message of `route` (a `METHOD /path` key), or null when it is: a
 * catalogue message, a filled-in template, 'Password validation failed: ' with REQ-AUTH-06 password reasons, or on
 * /api/auth one of better-auth's own texts.
 */
export function messageProblem(catalogue: ErrorCatalogue, route: string, message: unknown): string | null {
  if (typeof message !== 'string' || message === '') return `message is ${JSON.stringify(message)}`;
  if (catalogue.messages.has(message)) return null;
  if (catalogue.patterns.some((p) => p.test(message))) return null;
  const prefix = AUTH_MESSAGES.passwordValidationFailedPrefix;
  if (
    message.startsWith(prefix) &&
    message
      .slice(prefix.length)
      .split(', ')
      .every((r) => PASSWORD_REASONS.has(r))
  )
    return null;
  const routePath = route.split(' ')[1] ?? '';
  if (routePath.startsWith('/api/auth/') && AUTH_SERVICE_MESSAGES.has(message)) return null;
  return `message ${JSON.stringify(message.slice(0, 200))} is not in the error catalogue`;
}

/** REQ-MSG-04: only 3-digit or upper-case codes are exposed. */
export function isExposableCode(code: unknown): boolean {
  return typeof code === 'string' && (/^\d{3}$/.test(code) || /^[A-Z][A-Z0-9_]*$/.test(code));
}

/**
 * {@link callApi}, and expects any 4xx answer to carry a catalogue message (REQ-MSG-01): the failure names the route,
 * the status and what is wrong with the body.
 */
export async function callApiChecked(
  app: ReturnType<typeof createApp>,
  catalogue: ErrorCatalogue,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
): Promise<Response> {
  const res = await callApi(app, method, path, cookie, body);
  if (res.status >= 400 && res.status < 500) {
    const problem = errorBodyProblem(catalogue, `${method} ${path}`, await res.clone().text());
    expect(problem, `${method} ${path} → ${res.status}`).toBeNull();
  }
  return res;
}

/**
 * Why a 4xx body is not `{ error: { code, message } }` with an exposable code and a catalogue message, or null.
 * `text` is the raw body (it may not be JSON at all).
 */
export function errorBodyProblem(catalogue: ErrorCatalogue, route: string, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `body is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  const error = (body as { error?: unknown } | null)?.error as
    { code?: unknown; message?: unknown } | undefined;
  if (!error || typeof error !== 'object') return `no error object: ${text.slice(0, 200)}`;
  if (!isExposableCode(error.code))
    return `code ${JSON.stringify(error.code)} is neither 3 digits nor upper case`;
  return messageProblem(catalogue, route, error.message);
}
