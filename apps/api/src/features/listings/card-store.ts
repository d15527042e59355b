/**
 * The search engine's cards (ADR 023): every visible listing's card as the UTF-8 bytes of its JSON, packed into a
 * few large Buffers outside the JavaScript heap and found by the engine's slot number.
 *
 * Why not a cache of strings: at a million listings a 200,000-card LRU of strings made about a third of the
 * searches wait for PostgreSQL (and queue again behind the requests that came meanwhile), and its churn (an evicted
 * string for each new one) drove the collector's mark-compacts (docs/benchmarks/log/2026-11.md, 2026-11-24 night). Held
 * here, a card costs the collector nothing, and a page is copied straight into the answer's bytes.
 *
 * Cards are appended; a changed or removed listing's old bytes become garbage, reclaimed by `compact` once there is
 * more garbage than live bytes. Past `maxBytes` a card is not kept (its search fetches it again from PostgreSQL).
 */

/** Bytes in one Buffer of cards (a card longer than this is never kept). */
const CHUNK_BYTES = 32 * 2 ** 20;
/** Garbage below this is never worth a compaction. */
const COMPACT_MIN_GARBAGE = CHUNK_BYTES;

export interface CardStoreStats {
  cards: number;
  /** Bytes of the cards held. */
  bytes: number;
  /** Bytes of replaced or dropped cards not yet reclaimed. */
  garbageBytes: number;
}

export class CardStore {
  private chunks: Buffer[] = [];
  /** Bytes used in the last chunk. */
  private used = CHUNK_BYTES;
  /** Per slot: the card's place, chunk × CHUNK_BYTES + offset. */
  private at = new Float64Array(0);
  /** Per slot: the card's length in bytes; 0 when there is none. */
  private length = new Int32Array(0);
  private count = 0;
  private liveBytes = 0;
  private garbageBytes = 0;

  /** @param maxBytes the most bytes of Buffers to allocate (live cards and garbage). */
  constructor(private readonly maxBytes: number) {}

  /** The card of `slot` (a view of the store's bytes: copy it before the store changes), if held. */
  get(slot: number): Buffer | undefined {
    const n = slot < this.length.length ? this.length[slot]! : 0;
    if (n === 0) return undefined;
    const at = this.at[slot]!;
    const chunk = Math.floor(at / CHUNK_BYTES);
    const offset = at - chunk * CHUNK_BYTES;
    return this.chunks[chunk]!.subarray(offset, offset + n);
  }

  has(slot: number): boolean {
    return slot < this.length.length && this.length[slot]! > 0;
  }

  /** Keeps `card` (a card's JSON, or its UTF-8 bytes) as the card of `slot`, replacing any; false when not kept. */
  set(slot: number, card: string | Buffer): boolean {
    const n = typeof card === 'string' ? Buffer.byteLength(card) : card.length;
    this.drop(slot);
    if (n === 0 || n > CHUNK_BYTES) return false;
    if (this.used + n > CHUNK_BYTES) {
      if (this.garbageBytes > this.liveBytes && this.garbageBytes >= COMPACT_MIN_GARBAGE) this.compact();
      if (this.used + n > CHUNK_BYTES) {
        if ((this.chunks.length + 1) * CHUNK_BYTES > this.maxBytes) return false;
        this.chunks.push(Buffer.allocUnsafeSlow(CHUNK_BYTES));
        this.used = 0;
      }
    }
    this.grow(slot + 1);
    const chunk = this.chunks.length - 1;
    if (typeof card === 'string') this.chunks[chunk]!.write(card, this.used, 'utf8');
    else card.copy(this.chunks[chunk]!, this.used);
    this.at[slot] = chunk * CHUNK_BYTES + this.used;
    this.length[slot] = n;
    this.used += n;
    this.count += 1;
    this.liveBytes += n;
    return true;
  }

  /** Forgets the card of `slot` (its listing changed or left). */
  drop(slot: number): void {
    const n = slot < this.length.length ? this.length[slot]! : 0;
    if (n === 0) return;
    this.length[slot] = 0;
    this.count -= 1;
    this.liveBytes -= n;
    this.garbageBytes += n;
  }

  /** Copies the live cards, in slot order, into new Buffers and lets the old ones go. */
  compact(): void {
    const old = this.chunks;
    const oldAt = this.at;
    this.chunks = [];
    this.used = CHUNK_BYTES;
    this.at = new Float64Array(this.at.length);
    for (let slot = 0; slot < this.length.length; slot++) {
      const n = this.length[slot]!;
      if (n === 0) continue;
      if (this.used + n > CHUNK_BYTES) {
        this.chunks.push(Buffer.allocUnsafeSlow(CHUNK_BYTES));
        this.used = 0;
      }
      const from = oldAt[slot]!;
      const fromChunk = Math.floor(from / CHUNK_BYTES);
      const fromOffset = from - fromChunk * CHUNK_BYTES;
      const chunk = this.chunks.length - 1;
      old[fromChunk]!.copy(this.chunks[chunk]!, this.used, fromOffset, fromOffset + n);
      this.at[slot] = chunk * CHUNK_BYTES + this.used;
      this.used += n;
    }
    this.garbageBytes = 0;
  }

  stats(): CardStoreStats {
    return { cards: this.count, bytes: this.liveBytes, garbageBytes: this.garbageBytes };
  }

  private grow(slots: number) {
    if (slots <= this.length.length) return;
    const size = Math.max(slots, Math.ceil(this.length.length * 1.5), 1024);
    const at = new Float64Array(size);
    at.set(this.at);
    const length = new Int32Array(size);
    length.set(this.length);
    this.at = at;
    this.length = length;
  }
}
