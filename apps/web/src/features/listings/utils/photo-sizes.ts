/** How wide a card's photo is drawn: one column on phones, two on tablets, three on desktops (`sizes`). */
export const CARD_PHOTO_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
