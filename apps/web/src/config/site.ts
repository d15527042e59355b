/** The product name and the document title pattern. */
export const SITE_NAME = 'Abode';

/** 'About — Abode'; the home page uses its own full title. */
export function pageTitle(title: string): string {
  return `${title} — ${SITE_NAME}`;
}

export const HOME_TITLE = `${SITE_NAME} — Property for sale and to rent`;
