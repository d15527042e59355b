/**
 * The demo data's deterministic choices (docs/demo-data.md: "by hash"): every choice that is not in a Price Paid
 * record comes from this, so the same record always gives the same listing, on any machine. Its own module so that
 * the rule modules (demo-listing/, listing-details-rules.ts, room-rules.ts) share it without importing each other.
 */

/**
 * A number in [0, 1) from the transaction id and a purpose (`salt`), stable across runs and machines:
 * FNV-1a over `salt + NUL + id`, finished with MurmurHash3's fmix32 so nearby ids spread evenly.
 */
export function hashUnit(id: string, salt: string): number {
  let h = 0x811c9dc5;
  const s = `${salt}\u0000${id}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
