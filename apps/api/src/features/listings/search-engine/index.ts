/**
 * The in-memory search engine's public API (ADR 023): `createSearchEngine` and its shapes. Everything else in this
 * folder is the engine's inside; engine.ts names the order to read it in, starting with types.ts.
 */
export { createSearchEngine } from './engine.ts';
export type { EngineAnswer, SearchEngine, SearchEngineOptions, SearchEngineStats } from './types.ts';
