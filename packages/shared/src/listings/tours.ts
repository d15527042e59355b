/**
 * Video and virtual tour links of a listing: any https URL is accepted and shown as a link; YouTube, Vimeo and
 * Matterport links are also embedded in the property page, through the players those providers publish for
 * embedding. The page's Content-Security-Policy allows frames from TOUR_FRAME_ORIGINS and nothing else.
 */

/** The origins whose players the property page may frame (the CSP's `frame-src`). */
export const TOUR_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://my.matterport.com',
] as const;

export type TourProvider = 'youtube' | 'vimeo' | 'matterport';

/** The origin each provider's player is framed from (one of TOUR_FRAME_ORIGINS). */
export const TOUR_PROVIDER_ORIGINS: Record<TourProvider, (typeof TOUR_FRAME_ORIGINS)[number]> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  matterport: 'https://my.matterport.com',
};

/**
 * The powerful features each player is given (its iframe's `allow`; the page's Permissions-Policy grants these, and
 * only these, to the player's origin): starting and playing its video, YouTube's protected media, full screen, and
 * Matterport's VR headsets. Picture-in-picture is on by default and needs no grant.
 */
export const TOUR_PLAYER_FEATURES: Record<TourProvider, readonly string[]> = {
  youtube: ['autoplay', 'encrypted-media', 'fullscreen'],
  vimeo: ['autoplay', 'fullscreen'],
  matterport: ['fullscreen', 'xr-spatial-tracking'],
};

export interface TourLink {
  /** The link as the agent gave it (an https URL). */
  url: string;
  /** Who hosts it, when it is a provider Abode embeds. */
  provider: TourProvider | null;
  /** The player's URL for an `<iframe>`, when embeddable. */
  embedUrl: string | null;
}

/** Longest tour link accepted. */
export const TOUR_URL_MAX_LENGTH = 500;

/** The URL when `input` is an absolute https URL without credentials, else undefined. */
export function parseTourUrl(input: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.'))
    return undefined;
  return url;
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const DIGITS = /^\d{1,12}$/;
const MATTERPORT_ID = /^[\w-]{6,20}$/;

/** The embeddable player of a YouTube, Vimeo or Matterport link; `provider` null for any other https link. */
export function tourLink(input: string): TourLink | undefined {
  const url = parseTourUrl(input);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  const path = url.pathname.split('/').filter(Boolean);
  const found = (provider: TourProvider, embedUrl: string): TourLink => ({
    url: url.href,
    provider,
    embedUrl,
  });
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? path[0]
        : path[0] === 'watch'
          ? url.searchParams.get('v')
          : ['embed', 'shorts', 'live'].includes(path[0] ?? '')
            ? path[1]
            : undefined;
    if (id && YOUTUBE_ID.test(id)) return found('youtube', `https://www.youtube-nocookie.com/embed/${id}`);
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = host === 'vimeo.com' ? path[0] : path[0] === 'video' ? path[1] : undefined;
    if (id && DIGITS.test(id)) return found('vimeo', `https://player.vimeo.com/video/${id}`);
  }
  if (host === 'my.matterport.com' && path[0] === 'show') {
    const id = url.searchParams.get('m');
    if (id && MATTERPORT_ID.test(id)) return found('matterport', `https://my.matterport.com/show/?m=${id}`);
  }
  return { url: url.href, provider: null, embedUrl: null };
}
