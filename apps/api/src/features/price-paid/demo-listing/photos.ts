/**
 * A demo listing's photos: illustrations chosen by a stable hash, never photographs of the real property.
 */
import {
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_SCENES,
  ILLUSTRATION_WIDTH,
  illustrationUrl,
  type IllustrationScene,
} from '../demo-illustrations.ts';
import { hashUnit } from '../hash-unit.ts';
import type { Dwelling } from './property-facts.ts';

export interface ListingPhotoDraft {
  url: string;
  altText: string;
  orderIndex: number;
  isMain: boolean;
  width: number;
  height: number;
}

/**
 * 3–6 illustrations (hashed count): the exterior for the type first (main photo), then living room, kitchen,
 * bedroom, bathroom and, as the sixth, the garden when there is one (else a second bedroom). Variants are hashed.
 */
export function photosFor(id: string, dwelling: Dwelling, hasGarden: boolean): ListingPhotoDraft[] {
  const exterior: IllustrationScene =
    dwelling.propertyType === 'bungalow'
      ? 'exterior-bungalow'
      : dwelling.form
        ? (`exterior-${dwelling.form}` as IllustrationScene)
        : 'exterior-flats';
  const count = 3 + Math.floor(hashUnit(id, 'photo-count') * 4);
  const scenes: IllustrationScene[] = [exterior, 'living-room', 'kitchen', 'bedroom', 'bathroom'];
  scenes.push(hasGarden ? 'garden' : 'bedroom');
  return scenes.slice(0, count).map((scene, i) => {
    const variants = ILLUSTRATION_SCENES[scene].variants;
    const variant = 1 + ((Math.floor(hashUnit(id, `photo-${scene}`) * variants) + i) % variants);
    return {
      url: illustrationUrl(scene, variant),
      altText: ILLUSTRATION_SCENES[scene].alt,
      orderIndex: i,
      isMain: i === 0,
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
    };
  });
}
