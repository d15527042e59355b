/**
 * Readable, unique listing slugs (REQ-LISTING-09): title, street and outcode plus a short random suffix, e.g.
 * `3-bedroom-house-for-sale-cowper-road-sw19-1a2b3c`. The slug is set once at creation and never changes, so shared
 * links keep working after edits.
 */
import { randomBytes } from 'node:crypto';

/** Lower-case words joined by hyphens, accents folded ('Zoë's Cottage' → 'zoes-cottage'), cut to `max` characters. */
export function slugPart(text: string, max = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

/** A new slug for a listing; the 6-hex-digit suffix (16.7 million values) makes clashes rare; the caller re-checks. */
export function newListingSlug(title: string, addressLine1: string, outcode: string): string {
  const street = slugPart(addressLine1.split(',')[0] ?? '', 40);
  const parts = [slugPart(title), street, slugPart(outcode, 8), randomBytes(3).toString('hex')];
  return parts.filter(Boolean).join('-');
}
