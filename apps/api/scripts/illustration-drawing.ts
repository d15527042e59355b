/**
 * The demo's pictures as SVG text: simple flat illustrations (ours, so no copyright questions) of house types,
 * rooms and gardens, one drawing per scene of src/features/price-paid/demo-illustrations.ts with its colour variant.
 * generate-illustrations.ts writes them.
 */
import {
  ILLUSTRATION_HEIGHT as H,
  ILLUSTRATION_WIDTH as W,
  type IllustrationScene,
} from '#src/features/price-paid/demo-illustrations.ts';

interface Palette {
  sky: string;
  wall: string;
  wallShade: string;
  roof: string;
  door: string;
  trim: string;
  accent: string;
  ground: string;
}

/** Colour variants: 1 red brick and slate, 2 cream render and terracotta, 3 grey-blue weatherboard. */
const PALETTES: Palette[] = [
  {
    sky: '#cfe8f7',
    wall: '#b5603f',
    wallShade: '#9c4f33',
    roof: '#4a4f5a',
    door: '#1f4e79',
    trim: '#f4f1ea',
    accent: '#e8b04a',
    ground: '#8cc084',
  },
  {
    sky: '#fbe3c8',
    wall: '#efe2c4',
    wallShade: '#dccca8',
    roof: '#b8573a',
    door: '#3d7a5a',
    trim: '#ffffff',
    accent: '#d9534f',
    ground: '#9ccc7a',
  },
  {
    sky: '#dfe6f3',
    wall: '#8fa6b8',
    wallShade: '#7a91a3',
    roof: '#36404d',
    door: '#c2553f',
    trim: '#f7f7f2',
    accent: '#f2c14e',
    ground: '#7fb58a',
  },
];

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;
const poly = (points: number[], fill: string) => `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;

/** A sash window with glazing bars. */
function windowAt(x: number, y: number, w: number, h: number, p: Palette): string {
  return [
    rect(x - 4, y - 4, w + 8, h + 8, p.trim),
    rect(x, y, w, h, '#a9d3ee'),
    rect(x + w / 2 - 2, y, 4, h, p.trim),
    rect(x, y + h / 2 - 2, w, 4, p.trim),
    rect(x - 8, y + h + 4, w + 16, 6, p.trim),
  ].join('');
}

function doorAt(x: number, y: number, w: number, h: number, p: Palette): string {
  return [
    rect(x - 5, y - 5, w + 10, h + 5, p.trim),
    rect(x, y, w, h, p.door),
    circle(x + w - 10, y + h / 2, 3, p.accent),
    rect(x + 8, y + 10, w - 16, 18, '#a9d3ee'),
  ].join('');
}

function outdoors(p: Palette, inner: string): string {
  return [
    rect(0, 0, W, H, p.sky),
    circle(680, 90, 38, '#fff6c7'),
    `<ellipse cx="180" cy="90" rx="70" ry="22" fill="#ffffff" opacity="0.8"/>`,
    `<ellipse cx="240" cy="75" rx="50" ry="20" fill="#ffffff" opacity="0.8"/>`,
    rect(0, 470, W, 130, p.ground),
    inner,
    rect(0, 500, W, 12, '#d8d2c4'),
  ].join('');
}

function tree(x: number, y: number, s: number): string {
  return [
    rect(x - 6 * s, y, 12 * s, 60 * s, '#7a5a3a'),
    circle(x, y - 10 * s, 45 * s, '#5d9c59'),
    circle(x - 25 * s, y + 5 * s, 30 * s, '#6cae66'),
  ].join('');
}

function detached(p: Palette): string {
  return outdoors(
    p,
    [
      tree(110, 380, 1),
      rect(470, 160, 34, 80, p.wallShade),
      poly([200, 250, 400, 130, 600, 250], p.roof),
      rect(220, 250, 360, 220, p.wall),
      windowAt(250, 280, 70, 60, p),
      windowAt(480, 280, 70, 60, p),
      windowAt(250, 380, 70, 60, p),
      windowAt(480, 380, 70, 60, p),
      doorAt(370, 370, 60, 100, p),
      rect(600, 350, 140, 120, p.wallShade),
      rect(615, 375, 110, 95, '#e6e2da'),
      poly([590, 350, 670, 310, 750, 350], p.roof),
    ].join(''),
  );
}

function semiDetached(p: Palette): string {
  const half = (x: number, door: number) =>
    [
      windowAt(x + 30, 290, 70, 55, p),
      windowAt(x + 30, 385, 70, 55, p),
      windowAt(x + 130, 290, 50, 55, p),
      doorAt(x + door, 375, 55, 95, p),
    ].join('');
  return outdoors(
    p,
    [
      tree(90, 390, 0.8),
      tree(720, 390, 0.9),
      rect(260, 150, 30, 70, p.wallShade),
      rect(510, 150, 30, 70, p.wallShade),
      poly([170, 260, 330, 150, 470, 150, 630, 260], p.roof),
      rect(190, 260, 420, 210, p.wall),
      rect(398, 260, 4, 210, p.wallShade),
      half(190, 140),
      `<g transform="translate(800 0) scale(-1 1)">${half(190, 140)}</g>`,
    ].join(''),
  );
}

function terraced(p: Palette): string {
  const doors = [p.door, p.accent, '#5b6f8a', p.door];
  const house = (i: number) => {
    const x = 70 + i * 165;
    return [
      rect(x, 250, 165, 220, i % 2 ? p.wall : p.wallShade),
      windowAt(x + 25, 285, 50, 55, p),
      windowAt(x + 95, 285, 50, 55, p),
      windowAt(x + 95, 385, 50, 55, p),
      doorAt(x + 25, 375, 50, 95, { ...p, door: doors[i]! }),
      rect(x + 120, 175, 26, 50, p.wallShade),
    ].join('');
  };
  return outdoors(
    p,
    [poly([60, 250, 120, 190, 680, 190, 740, 250], p.roof), house(0), house(1), house(2), house(3)].join(''),
  );
}

function bungalow(p: Palette): string {
  return outdoors(
    p,
    [
      tree(700, 380, 1),
      poly([130, 320, 400, 210, 670, 320], p.roof),
      rect(160, 320, 480, 150, p.wall),
      windowAt(200, 350, 90, 60, p),
      windowAt(510, 350, 90, 60, p),
      doorAt(370, 370, 60, 100, p),
      rect(180, 455, 110, 15, '#6cae66'),
      circle(200, 452, 9, p.accent),
      circle(230, 450, 9, '#d96fa0'),
      circle(260, 452, 9, p.accent),
    ].join(''),
  );
}

function flats(p: Palette): string {
  const windows: string[] = [];
  for (let floor = 0; floor < 5; floor++) {
    for (let col = 0; col < 5; col++) {
      if (floor === 4 && col === 2) continue;
      windows.push(windowAt(235 + col * 70, 130 + floor * 65, 40, 40, p));
    }
  }
  return outdoors(
    p,
    [
      tree(120, 390, 1.1),
      tree(690, 400, 0.9),
      rect(210, 110, 380, 360, p.wall),
      rect(200, 100, 400, 14, p.roof),
      windows.join(''),
      rect(370, 400, 60, 70, p.door),
      rect(360, 390, 80, 8, p.trim),
      rect(395, 400, 2, 70, p.trim),
    ].join(''),
  );
}

/** Interior variants: 1 warm, 2 sage, 3 blue. */
const ROOMS = [
  { wall: '#f3e6d3', floor: '#c89f73', main: '#d9824b', soft: '#f7c59f', dark: '#5b4636', plant: '#5d9c59' },
  { wall: '#e4eadf', floor: '#b9a48a', main: '#6f9a7b', soft: '#cfe0c3', dark: '#3f4a3c', plant: '#4d8a55' },
  { wall: '#e3e9f2', floor: '#a98f78', main: '#4f77a8', soft: '#c9d8ec', dark: '#2f3b4c', plant: '#5d9c59' },
];
type Room = (typeof ROOMS)[number];

function room(r: Room, inner: string): string {
  return (
    [rect(0, 0, W, 440, r.wall), rect(0, 440, W, 160, r.floor), rect(0, 432, W, 10, '#ffffff')].join('') +
    inner
  );
}

function plant(x: number, y: number, r: Room): string {
  return [
    rect(x - 18, y, 36, 40, r.dark),
    circle(x, y - 20, 26, r.plant),
    circle(x - 18, y - 5, 16, r.plant),
    circle(x + 18, y - 8, 18, r.plant),
  ].join('');
}

function roomWindow(x: number, y: number, w: number, h: number): string {
  return [
    rect(x - 8, y - 8, w + 16, h + 16, '#ffffff'),
    rect(x, y, w, h, '#bfe1f5'),
    rect(x + w / 2 - 3, y, 6, h, '#ffffff'),
    rect(x, y + h / 2 - 3, w, 6, '#ffffff'),
  ].join('');
}

function livingRoom(r: Room): string {
  return room(
    r,
    [
      roomWindow(90, 110, 180, 200),
      rect(480, 130, 150, 100, r.dark),
      rect(490, 140, 130, 80, r.soft),
      `<ellipse cx="400" cy="520" rx="250" ry="45" fill="${r.soft}"/>`,
      rect(300, 330, 360, 60, r.main, ' rx="12"'),
      rect(280, 370, 400, 90, r.main, ' rx="14"'),
      rect(290, 455, 20, 25, r.dark),
      rect(650, 455, 20, 25, r.dark),
      rect(330, 350, 90, 50, r.soft, ' rx="10"'),
      rect(540, 350, 90, 50, r.soft, ' rx="10"'),
      rect(330, 495, 140, 14, r.dark),
      rect(340, 509, 10, 30, r.dark),
      rect(450, 509, 10, 30, r.dark),
      rect(720, 240, 6, 220, r.dark),
      poly([695, 240, 751, 240, 738, 200, 708, 200], '#f2c14e'),
      plant(110, 420, r),
    ].join(''),
  );
}

function kitchen(r: Room): string {
  const cupboards = [0, 1, 2, 3, 4]
    .map((i) => rect(120 + i * 115, 320, 105, 110, r.main, ' rx="4"'))
    .join('');
  const wallUnits = [0, 1, 3, 4].map((i) => rect(120 + i * 115, 90, 105, 110, r.main, ' rx="4"')).join('');
  const handles = [0, 1, 2, 3, 4].map((i) => rect(160 + i * 115, 335, 26, 6, r.dark)).join('');
  return room(
    r,
    [
      rect(110, 210, 580, 100, r.soft),
      roomWindow(350, 100, 100, 90),
      wallUnits,
      rect(110, 300, 580, 22, '#e9e4dc'),
      cupboards,
      handles,
      rect(140, 292, 80, 10, '#444444'),
      circle(160, 296, 4, '#888888'),
      circle(200, 296, 4, '#888888'),
      rect(365, 296, 70, 8, '#b0bec5'),
      rect(395, 268, 6, 30, '#90a4ae'),
      rect(560, 262, 40, 40, r.dark, ' rx="8"'),
      rect(250, 0, 4, 60, r.dark),
      `<ellipse cx="252" cy="66" rx="22" ry="12" fill="${r.dark}"/>`,
      rect(548, 0, 4, 60, r.dark),
      `<ellipse cx="550" cy="66" rx="22" ry="12" fill="${r.dark}"/>`,
      plant(650, 262, r),
    ].join(''),
  );
}

function bedroom(r: Room): string {
  return room(
    r,
    [
      roomWindow(560, 100, 150, 170),
      rect(540, 90, 20, 200, r.main),
      rect(710, 90, 20, 200, r.main),
      rect(190, 230, 340, 130, r.dark, ' rx="10"'),
      rect(170, 330, 380, 120, '#ffffff', ' rx="10"'),
      rect(170, 370, 380, 90, r.main, ' rx="10"'),
      rect(210, 300, 120, 50, r.soft, ' rx="14"'),
      rect(390, 300, 120, 50, r.soft, ' rx="14"'),
      rect(60, 360, 90, 90, r.dark),
      rect(90, 300, 6, 60, '#bbbbbb'),
      poly([70, 300, 116, 300, 106, 270, 80, 270], '#f2c14e'),
      `<ellipse cx="400" cy="530" rx="200" ry="35" fill="${r.soft}"/>`,
      rect(330, 120, 60, 80, r.soft),
      rect(335, 125, 50, 70, r.main),
    ].join(''),
  );
}

function bathroom(r: Room): string {
  const tiles: string[] = [];
  for (let x = 0; x < W; x += 50)
    for (let y = 200; y < 440; y += 50) tiles.push(rect(x + 1, y + 1, 48, 48, r.soft));
  return room(
    r,
    [
      tiles.join(''),
      rect(80, 330, 360, 110, '#ffffff', ' rx="30"'),
      rect(80, 330, 360, 22, '#f0f0f0', ' rx="10"'),
      rect(400, 250, 8, 80, '#b0bec5'),
      rect(380, 250, 28, 8, '#b0bec5'),
      rect(560, 120, 120, 140, '#dfeef6', ' rx="60"'),
      rect(550, 300, 140, 40, '#ffffff', ' rx="10"'),
      rect(600, 340, 40, 100, '#ffffff'),
      rect(615, 280, 8, 22, '#b0bec5'),
      rect(720, 200, 8, 140, '#b0bec5'),
      rect(700, 220, 50, 110, r.main, ' rx="6"'),
      plant(500, 400, r),
    ].join(''),
  );
}

function garden(p: Palette): string {
  const fence: string[] = [];
  for (let x = 0; x < W; x += 40) fence.push(rect(x + 2, 300, 34, 150, '#b08a62'));
  const flowers = [90, 130, 170, 210, 590, 630, 670, 710]
    .map((x, i) => circle(x, 455 - (i % 2) * 10, 10, i % 3 ? p.accent : '#d96fa0'))
    .join('');
  return [
    rect(0, 0, W, H, p.sky),
    circle(120, 90, 40, '#fff6c7'),
    fence.join(''),
    rect(0, 330, W, 8, '#8f6d4b'),
    rect(0, 420, W, 8, '#8f6d4b'),
    rect(0, 450, W, 150, p.ground),
    rect(60, 450, 180, 30, '#6a8f4e'),
    rect(560, 450, 190, 30, '#6a8f4e'),
    flowers,
    tree(680, 300, 1.3),
    rect(300, 500, 260, 100, '#d8d2c4'),
    circle(430, 500, 45, p.trim),
    rect(426, 500, 8, 60, '#555555'),
    rect(360, 505, 30, 50, p.door, ' rx="4"'),
    rect(470, 505, 30, 50, p.door, ' rx="4"'),
    rect(340, 380, 80, 70, p.wall),
    rect(365, 400, 30, 50, p.door),
    poly([330, 382, 380, 335, 430, 382], p.roof),
  ].join('');
}

export const DRAW: Record<IllustrationScene, (variant: number) => string> = {
  'exterior-detached': (v) => detached(PALETTES[v - 1]!),
  'exterior-semi-detached': (v) => semiDetached(PALETTES[v - 1]!),
  'exterior-terraced': (v) => terraced(PALETTES[v - 1]!),
  'exterior-bungalow': (v) => bungalow(PALETTES[v - 1]!),
  'exterior-flats': (v) => flats(PALETTES[v - 1]!),
  'living-room': (v) => livingRoom(ROOMS[v - 1]!),
  kitchen: (v) => kitchen(ROOMS[v - 1]!),
  bedroom: (v) => bedroom(ROOMS[v - 1]!),
  bathroom: (v) => bathroom(ROOMS[v - 1]!),
  garden: (v) => garden(PALETTES[v - 1]!),
};
