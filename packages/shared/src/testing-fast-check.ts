/** fast-check for property-based tests of the shared rules (test-only). */
export { default as fc } from 'fast-check';
