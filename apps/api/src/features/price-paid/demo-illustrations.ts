/**
 * The catalogue of generated SVG illustrations that demo and imported listings use as photos (we have no rights to
 * real photos of these homes). `scripts/generate-illustrations.ts` writes one file per scene and variant to
 * `apps/api/public/media/demo/`, served at `/media/demo/`. Alt texts say plainly that each picture is an illustration.
 */

export const ILLUSTRATION_SCENES = {
  'exterior-detached': { variants: 3, alt: 'Illustration of the exterior of a detached house' },
  'exterior-semi-detached': { variants: 3, alt: 'Illustration of the exterior of a semi-detached house' },
  'exterior-terraced': { variants: 3, alt: 'Illustration of the exterior of a terraced house' },
  'exterior-bungalow': { variants: 3, alt: 'Illustration of the exterior of a bungalow' },
  'exterior-flats': { variants: 3, alt: 'Illustration of the exterior of a block of flats' },
  'living-room': { variants: 3, alt: 'Illustration of a living room' },
  kitchen: { variants: 3, alt: 'Illustration of a kitchen' },
  bedroom: { variants: 3, alt: 'Illustration of a bedroom' },
  bathroom: { variants: 2, alt: 'Illustration of a bathroom' },
  garden: { variants: 3, alt: 'Illustration of a garden' },
} as const;

export type IllustrationScene = keyof typeof ILLUSTRATION_SCENES;

/** Every illustration is drawn on this canvas (SVG viewBox), stored as the photo's width and height. */
export const ILLUSTRATION_WIDTH = 800;
export const ILLUSTRATION_HEIGHT = 600;

/** File name of one variant (1-based), e.g. 'kitchen-2.svg'. */
export function illustrationFile(scene: IllustrationScene, variant: number): string {
  return `${scene}-${variant}.svg`;
}

/** Public URL of one variant, e.g. '/media/demo/kitchen-2.svg'. */
export function illustrationUrl(scene: IllustrationScene, variant: number): string {
  return `/media/demo/${illustrationFile(scene, variant)}`;
}
