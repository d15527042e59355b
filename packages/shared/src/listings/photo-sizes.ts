/**
 * The `sizes` of the listing photos the pages draw first, shared by their <img> and by every preload of them (the
 * web app's early preload, the server's hint in index.html): a preload with other sizes would download another file.
 */

/** How wide a card's photo is drawn: one column on phones, two on tablets, three on desktops. */
export const CARD_PHOTO_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The listing page's main photo spans the content column (about two thirds of a wide screen, all of a phone's). */
export const GALLERY_PHOTO_SIZES = '(min-width: 1024px) 66vw, 100vw';
