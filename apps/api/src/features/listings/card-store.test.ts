import { describe, expect, test } from 'vitest';
import { CardStore } from './card-store.ts';

const card = (slot: number, price: number) =>
  JSON.stringify({ id: `listing-${slot}`, pricePence: price, town: 'Bath – Avon' });
const read = (store: CardStore, slot: number) => store.get(slot)?.toString('utf8');

describe('CardStore', () => {
  test('holds each slot’s card as its UTF-8 bytes, and none for an empty slot', () => {
    const store = new CardStore(2 ** 30);
    expect(store.set(3, card(3, 100))).toBe(true);
    expect(store.set(0, card(0, 200))).toBe(true);
    expect(read(store, 3)).toBe(card(3, 100));
    expect(read(store, 0)).toBe(card(0, 200));
    expect(store.get(1)).toBeUndefined();
    expect(store.get(10_000)).toBeUndefined();
    // 'Bath – Avon' has a three-byte dash: bytes, not UTF-16 units.
    expect(store.stats()).toEqual({ cards: 2, bytes: 2 * Buffer.byteLength(card(0, 200)), garbageBytes: 0 });
  });

  test('a replaced or dropped card is gone, and its bytes are counted as garbage', () => {
    const store = new CardStore(2 ** 30);
    store.set(1, card(1, 100));
    const first = Buffer.byteLength(card(1, 100));
    store.set(1, card(1, 12_345));
    expect(read(store, 1)).toBe(card(1, 12_345));
    expect(store.stats().garbageBytes).toBe(first);
    store.drop(1);
    expect(store.has(1)).toBe(false);
    expect(store.stats()).toMatchObject({ cards: 0, bytes: 0 });
  });

  test('compaction keeps every live card and reclaims the garbage; views taken before it still read', () => {
    const store = new CardStore(2 ** 30);
    for (let slot = 0; slot < 5_000; slot++) store.set(slot, card(slot, slot));
    const before = store.get(4_000)!;
    for (let slot = 0; slot < 5_000; slot += 2) store.drop(slot);
    store.compact();
    expect(store.stats()).toMatchObject({ cards: 2_500, garbageBytes: 0 });
    for (let slot = 0; slot < 5_000; slot++)
      expect(read(store, slot)).toBe(slot % 2 ? card(slot, slot) : undefined);
    expect(before.toString('utf8')).toBe(card(4_000, 4_000));
  });

  test('past its bound a card is not kept, and the ones held stay', () => {
    // The bound is under one 32 MiB buffer: nothing fits.
    const none = new CardStore(2 ** 20);
    expect(none.set(0, card(0, 1))).toBe(false);
    expect(none.get(0)).toBeUndefined();
    // One buffer: cards of 1 MiB fill it after 31 and the 33rd is refused.
    const one = new CardStore(32 * 2 ** 20);
    const big = (slot: number) => JSON.stringify({ id: slot, text: 'x'.repeat(2 ** 20 - 40) });
    const kept = Array.from({ length: 40 }, (_, slot) => one.set(slot, big(slot)));
    expect(kept.filter(Boolean).length).toBe(kept.indexOf(false));
    expect(kept.indexOf(false)).toBeGreaterThan(25);
    expect(read(one, 0)).toBe(big(0));
  });
});
