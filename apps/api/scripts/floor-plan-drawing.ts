/**
 * Draws a demo floor plan (REQ-LISTING-16) for generate-illustrations.ts: the rooms of room-rules.ts `roomLayoutFor`,
 * labelled with the names the listing's rooms carry, on one floor (flats, bungalows) or two side by side (maisonettes,
 * houses, with the stairs on both). Each floor is cut into rooms by area: the room list, in order, is split where
 * its weights are closest to halves, across the longer side, again and again (a slice treemap). An illustration: it
 * says so and is not to scale.
 */
import {
  FLOOR_PLAN_HEIGHT as H,
  FLOOR_PLAN_WIDTH as W,
  roomLayoutFor,
  type LayoutKind,
  type LayoutRoom,
} from '#src/features/price-paid/room-rules.ts';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
type Cell = Pick<LayoutRoom, 'name' | 'weight'> & { kind: LayoutRoom['kind'] | 'stairs' };

const FILL: Record<Cell['kind'], string> = {
  reception: '#f6efe2',
  kitchen: '#e7f0e1',
  bedroom: '#e4edf7',
  bathroom: '#dff2f0',
  utility: '#eee8f4',
  stairs: '#ececec',
};
const WALL = '#34383d';
const FONT = 'font-family="Helvetica, Arial, sans-serif"';

/** The floors' captions by kind: one floor for flats and bungalows (a flat's needs none), two for the rest. */
const FLOOR_NAMES: Record<LayoutKind, readonly string[]> = {
  flat: [''],
  bungalow: ['Ground floor'],
  maisonette: ['Lower floor', 'Upper floor'],
  terraced: ['Ground floor', 'First floor'],
  'semi-detached': ['Ground floor', 'First floor'],
  detached: ['Ground floor', 'First floor'],
};

const KIND_LABELS: Record<LayoutKind, string> = {
  flat: 'flat',
  bungalow: 'bungalow',
  maisonette: 'maisonette',
  terraced: 'terraced house',
  'semi-detached': 'semi-detached house',
  detached: 'detached house',
};

/** Splits `cells` (in order) into boxes of `box` by weight: halves by weight, across the longer side. */
function slice(cells: readonly Cell[], box: Box): { cell: Cell; box: Box }[] {
  if (cells.length === 1) return [{ cell: cells[0]!, box }];
  const total = cells.reduce((s, c) => s + c.weight, 0);
  let best = 1;
  let bestGap = Infinity;
  let sum = 0;
  for (let i = 1; i < cells.length; i++) {
    sum += cells[i - 1]!.weight;
    const gap = Math.abs(sum - total / 2);
    if (gap < bestGap) [best, bestGap] = [i, gap];
  }
  const first = cells.slice(0, best);
  const share = first.reduce((s, c) => s + c.weight, 0) / total;
  const [a, b]: [Box, Box] =
    box.w >= box.h
      ? [
          { ...box, w: box.w * share },
          { ...box, x: box.x + box.w * share, w: box.w * (1 - share) },
        ]
      : [
          { ...box, h: box.h * share },
          { ...box, y: box.y + box.h * share, h: box.h * (1 - share) },
        ];
  return [...slice(first, a), ...slice(cells.slice(best), b)];
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The room's name, as large as fits (16 px at most), on two lines when one is too narrow. */
function label(name: string, b: Box): string {
  const width = (text: string, size: number) => text.length * size * 0.56;
  const fit = (lines: string[]) =>
    Math.min(16, ...lines.map((l) => ((b.w - 12) * 16) / width(l, 16)), (b.h - 8) / (lines.length * 1.25));
  let lines = [name];
  let size = fit(lines);
  const words = name.split(' ');
  if (size < 12 && words.length > 1) {
    const cut = Math.ceil(words.length / 2);
    const two = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    if (fit(two) > size) [lines, size] = [two, fit(two)];
  }
  size = Math.max(8, Math.floor(size * 10) / 10);
  const cx = round(b.x + b.w / 2);
  const top = b.y + b.h / 2 - ((lines.length - 1) * size * 1.25) / 2;
  return lines
    .map(
      (line, i) =>
        `<text x="${cx}" y="${round(top + i * size * 1.25)}" ${FONT} font-size="${size}" fill="${WALL}" ` +
        `text-anchor="middle" dominant-baseline="middle">${line}</text>`,
    )
    .join('');
}

/** Stair treads across the shorter side. */
function stairs(b: Box): string {
  const across = b.w < b.h;
  const steps = 8;
  const lines: string[] = [];
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    lines.push(
      across
        ? `<line x1="${round(b.x)}" y1="${round(b.y + b.h * t)}" x2="${round(b.x + b.w)}" y2="${round(b.y + b.h * t)}"/>`
        : `<line x1="${round(b.x + b.w * t)}" y1="${round(b.y)}" x2="${round(b.x + b.w * t)}" y2="${round(b.y + b.h)}"/>`,
    );
  }
  return `<g stroke="#9aa0a6" stroke-width="1.5">${lines.join('')}</g>`;
}

/** One floor: its rooms cut from `box`, each filled by kind, walled and labelled; the outer wall thicker. */
function floor(cells: readonly Cell[], box: Box, caption: string): string {
  const parts = slice(cells, box).map(({ cell, box: b }) =>
    [
      `<rect x="${round(b.x)}" y="${round(b.y)}" width="${round(b.w)}" height="${round(b.h)}" fill="${FILL[cell.kind]}" stroke="${WALL}" stroke-width="3"/>`,
      cell.kind === 'stairs' ? stairs(b) : label(cell.name, b),
    ].join(''),
  );
  return [
    caption &&
      `<text x="${round(box.x)}" y="${box.y - 14}" ${FONT} font-size="15" font-weight="bold" fill="${WALL}">${caption}</text>`,
    ...parts,
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="none" stroke="${WALL}" stroke-width="8"/>`,
  ].join('');
}

/** The whole SVG of a floor plan (800×600), with a title naming the home and the illustration note. */
export function floorPlanSvg(kind: LayoutKind, bedrooms: number, bathrooms: number): string {
  const rooms = roomLayoutFor(kind, bedrooms, bathrooms);
  const names = FLOOR_NAMES[kind];
  const stair: Cell = { name: 'Stairs', weight: 5, kind: 'stairs' };
  const floors = names.map((_, i) => [
    ...rooms.filter((r) => r.floor === i),
    ...(names.length > 1 ? [stair] : []),
  ]);
  const boxes: Box[] =
    names.length === 1
      ? [{ x: 110, y: 110, w: 580, h: 410 }]
      : [
          { x: 40, y: 110, w: 340, h: 410 },
          { x: 420, y: 110, w: 340, h: 410 },
        ];
  const title = `${bedrooms} bedroom ${KIND_LABELS[kind]}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">`,
    `<title>Illustrative floor plan of a ${title}</title>`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="40" y="50" ${FONT} font-size="22" font-weight="bold" fill="${WALL}">Floor plan</text>`,
    `<text x="${W - 40}" y="50" ${FONT} font-size="15" fill="#5f6368" text-anchor="end">${title}</text>`,
    ...floors.map((cells, i) => floor(cells, boxes[i]!, names[i]!)),
    `<text x="${W / 2}" y="572" ${FONT} font-size="13" fill="#5f6368" text-anchor="middle">`,
    'Illustration, not to scale. Room sizes are given in the listing.</text>',
    '</svg>\n',
  ].join('');
}
