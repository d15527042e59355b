/**
 * The map grid's strategies: a map box, radius or drawn area reads the grid cells it touches (grid.ts). A cell or
 * sub-square wholly inside the area is counted without testing positions (by its count groups when nothing else is
 * tested: visitCell), one wholly outside is passed over, and only the listings of those across the edge are tested
 * for the area (geometry.ts), so the count is exact.
 *
 * Read next: merge.ts (a price sort's page merged from cells or count-index ranges).
 */
import { countBelow } from './orders.ts';
import { placeOfSquare } from './geometry.ts';
import { cellCountsOf, squareOf, subCellsOf, type Cell, type CellCounts, type Packed } from './grid.ts';
import type { Plan } from './plan.ts';
import { ROW_F64 } from './rows.ts';
import type { Store } from './store.ts';
import { TUNING } from './tuning.ts';

/** Where a grid cell lies against the search's area (placeOfSquare: 1 inside, -1 outside, 0 across the edge). */
export function placeOfCell(st: Store, plan: Plan, cell: Cell): number {
  let where = plan.cellPlaces.get(cell);
  if (where === undefined) {
    if (!cell.slots.length) where = -1;
    else {
      const { y, x } = squareOf(st.cell[cell.slots[0]!]!);
      where = placeOfSquare(plan, y, x, 1);
    }
    plan.cellPlaces.set(cell, where);
  }
  return where;
}

/**
 * For a large cell across the area's edge, where the sub-square of each of its places lies (placeOfSquare, each
 * sub-square worked out on first need): most of a dense edge cell's listings are then decided by their sub-square,
 * inside or outside, rather than by testing their position. Undefined for a smaller cell.
 */
export function subPlaces(
  st: Store,
  plan: Plan,
  cell: Cell,
  packed: Packed,
): ((i: number) => number) | undefined {
  if (cell.slots.length < plan.tuning.SUB_CELLS_FROM) return undefined;
  const { SUB_CELLS } = TUNING;
  const key = st.cell[cell.slots[0]!]!;
  const sub = subCellsOf(packed, key);
  const square = squareOf(key);
  const y = square.y * SUB_CELLS;
  const x = square.x * SUB_CELLS;
  const places = new Int8Array(SUB_CELLS * SUB_CELLS).fill(2);
  return (i) => {
    const k = sub[i]!;
    let where = places[k]!;
    if (where === 2) {
      where = placeOfSquare(plan, y + Math.floor(k / SUB_CELLS), x + (k % SUB_CELLS), SUB_CELLS);
      places[k] = where;
    }
    return where;
  };
}

/**
 * The places of a packed cell that can match, as `[from, to]` pairs: for the search's mode (or each mode), the
 * part in the price range (binary searches; a mode's places are in price order).
 */
export function spansOf(plan: Plan, packed: Packed): number[] {
  const { mode, minPrice, maxPrice } = plan;
  const { codes: C, prices: P } = packed;
  const spans: number[] = [];
  for (let lo = 0; lo < C.length;) {
    const m = C[lo]! & 255;
    let hi = C.length;
    for (let a = lo; a < hi;) {
      const mid = (a + hi) >>> 1;
      if ((C[mid]! & 255) <= m) a = mid + 1;
      else hi = mid;
    }
    if (mode < 0 || m === mode) {
      spans.push(
        minPrice === -Infinity ? lo : countBelow(P, minPrice, false, lo, hi),
        maxPrice === Infinity ? hi : countBelow(P, maxPrice, true, lo, hi),
      );
    }
    lo = hi;
  }
  return spans;
}

/**
 * The matches in `cells` (their packed rows, read in sequence), in no order: calls `found` with each, and gives how
 * many there are.
 */
function scanCells(st: Store, plan: Plan, cells: Cell[], found?: (s: number) => void): number {
  const { testListing, test } = plan;
  let n = 0;
  for (const cell of cells) {
    const where = placeOfCell(st, plan, cell);
    if (where < 0) continue;
    const passes = where > 0 ? testListing : test;
    const packed = st.packedOf(cell);
    const { rows: F, ints: I, codes: C, slots: list } = packed;
    const spans = spansOf(plan, packed);
    const sub = where === 0 ? subPlaces(st, plan, cell, packed) : undefined;
    for (let k = 0; k < spans.length; k += 2) {
      for (let i = spans[k]!; i < spans[k + 1]!; i++) {
        if (sub) {
          const at = sub(i);
          if (at < 0 || !(at > 0 ? testListing : test)(F, I, C[i]!, i, list[i]!)) continue;
        } else if (!passes(F, I, C[i]!, i, list[i]!)) continue;
        n += 1;
        found?.(list[i]!);
      }
    }
  }
  return n;
}

/**
 * For a crowded sub-square `k` across the edge (of count groups `cc`, cell at row `y`, column `x`), where each of
 * its listings lies by the finer square (FINE_CELLS to its side) it is in, each worked out on first need: only those
 * in a finer square across the edge are then tested.
 */
function fineSquares(plan: Plan, packed: Packed, cc: CellCounts, y: number, x: number, k: number) {
  const { FINE_CELLS, CELL_DEGREES } = TUNING;
  const F = packed.rows;
  const parts = cc.parts * FINE_CELLS;
  const y0 = (y * cc.parts + Math.floor(k / cc.parts)) * FINE_CELLS;
  const x0 = (x * cc.parts + (k % cc.parts)) * FINE_CELLS;
  const places = new Int8Array(FINE_CELLS * FINE_CELLS).fill(2);
  const part = (v: number) => Math.min(FINE_CELLS - 1, Math.max(0, v));
  return (i: number): number => {
    const f = i * ROW_F64;
    const fy = part(Math.floor((F[f + 2]! / CELL_DEGREES) * parts) - y0);
    const fx = part(Math.floor((F[f + 3]! / CELL_DEGREES) * parts) - x0);
    const j = fy * FINE_CELLS + fx;
    let place = places[j]!;
    if (place === 2) places[j] = place = placeOfSquare(plan, y0 + fy, x0 + fx, parts);
    return place;
  };
}

/**
 * The matches in a cell by its count groups (cellCountsOf), for a search whose other conditions are on the codes,
 * price and bedrooms (Plan.cellsCountable): a (sub-)square inside the area is counted with two binary searches a
 * group that passes, or, when `found` wants the matches, gives every entry in their price ranges; a (sub-)square
 * across the edge has only those entries tested for the area; one outside is passed over. Gives how many match.
 */
function visitCell(st: Store, plan: Plan, cell: Cell, found?: (s: number) => void): number {
  const where = placeOfCell(st, plan, cell);
  if (where < 0) return 0;
  const { codesOk, minBeds, minPrice, maxPrice, test, tuning } = plan;
  const packed = st.packedOf(cell);
  const key = st.cell[cell.slots[0]!]!;
  const large = cell.slots.length >= tuning.SUB_CELLS_FROM;
  const cc = cellCountsOf(packed, key, large ? TUNING.SUB_CELLS : 1);
  const { rows: F, ints: I, codes: C, slots } = packed;
  const { y, x } = squareOf(key);
  const squares = where > 0 ? 1 : cc.parts * cc.parts;
  let n = 0;
  for (let k = 0; k < squares; k++) {
    const from = where > 0 ? 0 : cc.subGroups[k]!;
    const to = where > 0 ? cc.codes.length : cc.subGroups[k + 1]!;
    if (from === to) continue;
    const at =
      where > 0 || cc.parts === 1
        ? where
        : placeOfSquare(
            plan,
            y * cc.parts + Math.floor(k / cc.parts),
            x * cc.parts + (k % cc.parts),
            cc.parts,
          );
    if (at < 0) continue;
    const crowded = at === 0 && cc.parts > 1 && cc.starts[to]! - cc.starts[from]! >= tuning.FINE_CELLS_FROM;
    const fine = crowded ? fineSquares(plan, packed, cc, y, x, k) : undefined;
    for (let g = from; g < to; g++) {
      if (!codesOk(cc.codes[g]!) || cc.bedrooms[g]! < minBeds) continue;
      const first =
        minPrice === -Infinity
          ? cc.starts[g]!
          : countBelow(cc.prices, minPrice, false, cc.starts[g]!, cc.starts[g + 1]!);
      const last =
        maxPrice === Infinity
          ? cc.starts[g + 1]!
          : countBelow(cc.prices, maxPrice, true, cc.starts[g]!, cc.starts[g + 1]!);
      if (at > 0 && !found) {
        n += last - first;
        continue;
      }
      for (let e = first; e < last; e++) {
        const i = cc.places[e]!;
        if (at === 0) {
          const place = fine ? fine(i) : 0;
          if (place < 0 || (place === 0 && !test(F, I, C[i]!, i, slots[i]!))) continue;
        }
        n += 1;
        found?.(slots[i]!);
      }
    }
  }
  return n;
}

/**
 * The matches in `cells`, exactly, calling `found` with each when given: by their count groups (visitCell) when
 * nothing but the codes, price and bedrooms is tested besides the area, else by reading their listings (scanCells).
 * A dense radius is mostly cells inside it.
 */
export function countCells(st: Store, plan: Plan, cells: Cell[], found?: (s: number) => void): number {
  if (!plan.cellsCountable) return scanCells(st, plan, cells, found);
  let n = 0;
  for (const cell of cells) n += visitCell(st, plan, cell, found);
  return n;
}
