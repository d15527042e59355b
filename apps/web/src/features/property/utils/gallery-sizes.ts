/** The main photo spans the page's content column (about two thirds of a wide screen, all of a phone's). */
export const GALLERY_PHOTO_SIZES = '(min-width: 1024px) 66vw, 100vw';
