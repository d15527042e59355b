/**
 * Writes the demo listings' pictures: simple flat SVG illustrations (ours, so no copyright questions), one file per
 * scene and colour variant of src/features/price-paid/demo-illustrations.ts, and one floor plan per layout of
 * src/features/price-paid/room-rules.ts (floor-plan-drawing.ts), to apps/api/public/media/demo/.
 *
 *   npx tsx scripts/generate-illustrations.ts      (from apps/api)
 *
 * Deterministic: the same script writes the same bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ILLUSTRATION_HEIGHT as H,
  ILLUSTRATION_SCENES,
  ILLUSTRATION_WIDTH as W,
  illustrationFile,
  type IllustrationScene,
} from '#src/features/price-paid/demo-illustrations.ts';
import { FLOOR_PLAN_LAYOUTS, floorPlanFile } from '#src/features/price-paid/room-rules.ts';
import { floorPlanSvg } from './floor-plan-drawing.ts';
import { DRAW } from './illustration-drawing.ts';

const outDir = path.resolve(import.meta.dirname, '../public/media/demo');

fs.mkdirSync(outDir, { recursive: true });
let files = 0;
let bytes = 0;
for (const [scene, { variants, alt }] of Object.entries(ILLUSTRATION_SCENES) as [
  IllustrationScene,
  { variants: number; alt: string },
][]) {
  for (let v = 1; v <= variants; v++) {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">` +
      `<title>${alt} (variant ${v})</title>${DRAW[scene](v)}</svg>\n`;
    fs.writeFileSync(path.join(outDir, illustrationFile(scene, v)), svg);
    files++;
    bytes += svg.length;
  }
}
for (const [kind, bedrooms, bathrooms] of FLOOR_PLAN_LAYOUTS) {
  const svg = floorPlanSvg(kind, bedrooms, bathrooms);
  fs.writeFileSync(path.join(outDir, floorPlanFile(kind, bedrooms, bathrooms)), svg);
  files++;
  bytes += svg.length;
}
console.log(
  `${files} illustrations and floor plans, ${bytes.toLocaleString('en-GB')} bytes → ${path.relative(process.cwd(), outDir)}`,
);
