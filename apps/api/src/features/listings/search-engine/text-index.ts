/**
 * The location index: which listings' location text holds a trigram or bigram, and which listings are in a place,
 * so that `location_text LIKE %text%` and `placeCondition` (search-scope.ts) read a short list of candidates rather
 * than every listing. A slot may still be listed after its text changed or it moved: matches are re-checked.
 *
 * Read next: store.ts (which keeps it, with the orders, grid and count index).
 */
import { inLocation, PLACE_MARK } from './rows.ts';

/** What the index re-checks its candidates against: the store's current ids, location texts and place texts. */
interface LocationFacts {
  ids: (string | undefined)[];
  text: string[];
  places: string[];
  slotOf: Map<string, number>;
}

/**
 * The grams starting at `i` as numbers: the bigram (negative) and, when three code units remain, the trigram.
 */
export function gramsAt(text: string, i: number): number[] {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  const bigram = -(a * 2 ** 16 + b) - 1;
  return i + 3 <= text.length ? [bigram, a * 2 ** 32 + b * 2 ** 16 + text.charCodeAt(i + 2)] : [bigram];
}

export class LocationIndex {
  /** Trigram or bigram (gramsAt) → slots whose location text has it. */
  readonly grams = new Map<number, number[]>();
  /** Place id → slots in it. */
  readonly placeSlots = new Map<string, number[]>();

  /** Lists slot `s` under the grams of its location text `text` and the places of its place text `places`. */
  add(s: number, text: string, places: string): void {
    for (const place of places.split(PLACE_MARK)) {
      if (!place) continue;
      let list = this.placeSlots.get(place);
      if (!list) this.placeSlots.set(place, (list = []));
      list.push(s);
    }
    for (let i = 0; i + 2 <= text.length; i++) {
      for (const g of gramsAt(text, i)) {
        let list = this.grams.get(g);
        if (!list) this.grams.set(g, (list = []));
        // A gram seen twice in one text: the slot was just added.
        if (list[list.length - 1] !== s) list.push(s);
      }
    }
  }

  /**
   * The slots (each once, in no order) whose location text contains `key` (lower case, plain ASCII), or, for a
   * place key (PLACE_MARK + place id), that are in the place. Two or more characters read the rarest of the text's
   * grams (trigrams, or the one bigram of a two-character text such as 'm7'); one character reads every listing.
   * `seen` is a zeroed byte per slot, zeroed again before this returns.
   */
  find(key: string, st: LocationFacts, seen: Uint8Array): number[] {
    const place = key.startsWith(PLACE_MARK);
    let candidates: Iterable<number> = place
      ? (this.placeSlots.get(key.slice(PLACE_MARK.length)) ?? [])
      : st.slotOf.values();
    if (!place && key.length >= 2) {
      let best: number[] | undefined;
      for (let i = 0; i + Math.min(3, key.length) <= key.length; i++) {
        const g = key.length === 2 ? gramsAt(key, i)[0]! : gramsAt(key, i)[1]!;
        const list = this.grams.get(g);
        if (!list) return [];
        if (!best || list.length < best.length) best = list;
      }
      candidates = best ?? [];
    }
    const found: number[] = [];
    for (const s of candidates) {
      if (seen[s] === 1 || st.ids[s] === undefined) continue;
      if (place ? !inLocation(undefined, st.places[s], key) : !st.text[s]!.includes(key)) continue;
      seen[s] = 1;
      found.push(s);
    }
    for (const s of found) seen[s] = 0;
    return found;
  }
}
