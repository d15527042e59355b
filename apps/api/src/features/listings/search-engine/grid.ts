/**
 * The map grid: every listing with a position sits in a cell of CELL_DEGREES a side, keyed by row × 100,000 +
 * column (cellKeyOf). A cell's listings are packed side by side in price order on first read (packCell), split
 * into SUB_CELLS² sub-squares (subCellsOf) and grouped for counting (cellCountsOf), so that a map box, radius or
 * drawn area reads whole cells inside it by two binary searches a group and tests only the listings on its edge
 * (cells.ts).
 *
 * Read next: count-index.ts (the same counting over a location's or every listing).
 */
import type { Bounds } from '@abode/shared/search/geo';
import { ROW_F64, ROW_I32, ROW_INTS, type StoreFacts } from './rows.ts';
import { TUNING } from './tuning.ts';

/** A map grid cell: its listings' slots, and their rows side by side once read (Store.packedOf). */
export interface Cell {
  slots: number[];
  packed?: Packed | undefined;
}

/**
 * A cell's listings by mode, each mode's in price order (price ascending, then newest: Sort 'price_asc'), with their
 * rows side by side.
 */
export interface Packed {
  slots: Int32Array;
  /** Price in pence, per place. */
  prices: Float64Array;
  rows: Float64Array;
  ints: Int32Array;
  codes: Int32Array;
  /** The same listings for counting, made on first use (cellCountsOf). */
  counts?: CellCounts | undefined;
  /** Each place's sub-square of the cell (row × SUB_CELLS + column), made on first use (subCellsOf). */
  sub?: Uint8Array | undefined;
}

/**
 * The sub-squares of packed cell `packed` (grid key `key`): each place's row × SUB_CELLS + column, by the same
 * division as the cell's own (Math.floor of degrees ÷ CELL_DEGREES), made once.
 */
export function subCellsOf(packed: Packed, key: number): Uint8Array {
  if (packed.sub) return packed.sub;
  const y = Math.round(key / 100_000);
  const x = key - y * 100_000;
  const sub = new Uint8Array(packed.slots.length);
  const { SUB_CELLS, CELL_DEGREES } = TUNING;
  const part = (v: number) => Math.min(SUB_CELLS - 1, Math.max(0, Math.floor(v * SUB_CELLS)));
  for (let i = 0; i < sub.length; i++) {
    const f = i * ROW_F64;
    sub[i] =
      part(packed.rows[f + 2]! / CELL_DEGREES - y) * SUB_CELLS + part(packed.rows[f + 3]! / CELL_DEGREES - x);
  }
  packed.sub = sub;
  return sub;
}

/**
 * A cell's listings grouped by sub-square (`parts` to a side: SUB_CELLS for a large cell, else 1, the cell itself),
 * then as a count index groups them (codes and bedrooms), each group's entries in ascending order of price, flat:
 * group g's entries are `starts[g]` to `starts[g + 1] - 1` of `prices` and `places` (their places in the packed
 * cell), and sub-square k's groups are `subGroups[k]` to `subGroups[k + 1] - 1`. A search whose other conditions
 * are on the codes, price and bedrooms counts a (sub-)square wholly inside its area with two binary searches a group,
 * without reading its listings, and reads only the listings of the groups that pass elsewhere (exact counts, issue
 * #24).
 */
export interface CellCounts {
  parts: number;
  subGroups: Int32Array;
  codes: Int32Array;
  bedrooms: Int32Array;
  starts: Int32Array;
  prices: Float64Array;
  places: Int32Array;
}

/** The count groups of a packed cell (grid key `key`) by sub-squares, `parts` to a side; made once. */
export function cellCountsOf(packed: Packed, key: number, parts: number): CellCounts {
  if (packed.counts) return packed.counts;
  const { codes, prices, ints } = packed;
  const sub = parts > 1 ? subCellsOf(packed, key) : undefined;
  // Sub-square × 2^45 + codes × 2^20 + bedrooms: below 2^51, exact in a double.
  const keyOf = (i: number) =>
    (sub ? sub[i]! * 2 ** 45 : 0) + (codes[i]! >>> 0) * 1_048_576 + ints[i * ROW_I32 + ROW_INTS]!;
  const places = Int32Array.from({ length: codes.length }, (_, i) => i).sort((a, b) => {
    const d = keyOf(a) - keyOf(b);
    return d !== 0 ? d : prices[a]! - prices[b]!;
  });
  const groupCodes: number[] = [];
  const groupBeds: number[] = [];
  const starts: number[] = [];
  const subGroups = new Int32Array(parts * parts + 1);
  const sortedPrices = new Float64Array(places.length);
  let last = Number.NaN;
  let nextSub = 0;
  for (let k = 0; k < places.length; k++) {
    const i = places[k]!;
    const key = keyOf(i);
    if (key !== last) {
      const at = sub ? sub[i]! : 0;
      while (nextSub <= at) subGroups[nextSub++] = groupCodes.length;
      groupCodes.push(codes[i]!);
      groupBeds.push(ints[i * ROW_I32 + ROW_INTS]!);
      starts.push(k);
      last = key;
    }
    sortedPrices[k] = prices[i]!;
  }
  while (nextSub <= parts * parts) subGroups[nextSub++] = groupCodes.length;
  starts.push(places.length);
  packed.counts = {
    parts,
    subGroups,
    codes: Int32Array.from(groupCodes),
    bedrooms: Int32Array.from(groupBeds),
    starts: Int32Array.from(starts),
    prices: sortedPrices,
    places,
  };
  return packed.counts;
}

/** The grid key of a position, NaN when it has none. */
export function cellKeyOf(lat: number, lng: number): number {
  if (Number.isNaN(lat) || Number.isNaN(lng)) return Number.NaN;
  return Math.floor(lat / TUNING.CELL_DEGREES) * 100_000 + Math.floor(lng / TUNING.CELL_DEGREES);
}

/** The row and column of grid key `key` (in cells: Math.floor of degrees ÷ CELL_DEGREES). */
export function squareOf(key: number): { y: number; x: number } {
  const y = Math.round(key / 100_000);
  return { y, x: key - y * 100_000 };
}

/** The grid cells that a box touches; undefined when it spans far more cell keys than the grid holds. */
export function cellsInBox(grid: Map<number, Cell>, b: Bounds): Cell[] | undefined {
  const { CELL_DEGREES } = TUNING;
  const s = Math.floor(b.south / CELL_DEGREES);
  const n = Math.floor(b.north / CELL_DEGREES);
  const w = Math.floor(b.west / CELL_DEGREES);
  const e = Math.floor(b.east / CELL_DEGREES);
  if ((n - s + 1) * (e - w + 1) > grid.size * 4 + 10_000) return undefined;
  const cells: Cell[] = [];
  for (let y = s; y <= n; y++) {
    for (let x = w; x <= e; x++) {
      const cell = grid.get(y * 100_000 + x);
      if (cell) cells.push(cell);
    }
  }
  return cells;
}

/**
 * A cell's listings' rows copied side by side, so reading a box is a sequential scan of memory rather than a jump
 * per listing (measured about 100 ns a listing when jumping). In price order (`byPrice`: Store.before.price_asc), so
 * that a price range is a span of them and a price sort's page a merge of the cells. Made on first use after the
 * cell changed.
 */
export function packCell(st: StoreFacts, cell: Cell, byPrice: (a: number, b: number) => boolean): Packed {
  if (cell.packed) return cell.packed;
  const slots = Int32Array.from(cell.slots).sort((a, b) => {
    const m = st.mode[a]! - st.mode[b]!;
    return m !== 0 ? m : byPrice(a, b) ? -1 : 1;
  });
  const rows = new Float64Array(slots.length * ROW_F64);
  const prices = new Float64Array(slots.length);
  const codes = new Int32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    rows.set(st.rows.subarray(s * ROW_F64, (s + 1) * ROW_F64), i * ROW_F64);
    prices[i] = st.price[s]!;
    codes[i] = st.codes[s]!;
  }
  cell.packed = { slots, prices, rows, ints: new Int32Array(rows.buffer), codes };
  return cell.packed;
}

/** Puts slot `s` in the cell of grid key `key` (none when NaN). */
export function addToGrid(grid: Map<number, Cell>, key: number, s: number): void {
  if (Number.isNaN(key)) return;
  let cell = grid.get(key);
  if (!cell) grid.set(key, (cell = { slots: [] }));
  cell.slots.push(s);
  cell.packed = undefined;
}

/** Takes slot `s` out of the cell of grid key `key`. */
export function removeFromGrid(grid: Map<number, Cell>, key: number, s: number): void {
  const cell = grid.get(key);
  if (!cell) return;
  const i = cell.slots.indexOf(s);
  if (i >= 0) cell.slots.splice(i, 1);
  cell.packed = undefined;
}
