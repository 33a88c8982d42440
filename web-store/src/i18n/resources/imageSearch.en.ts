import type { MessageShape } from './messageShape';
import type { imageSearchZhCN } from './imageSearch.zh-CN';

/** English strings of the search-by-image answer page. Typed against the Chinese file so a missing or extra key fails the build. */
export const imageSearchEn: MessageShape<typeof imageSearchZhCN> = {
  title: 'Search by image',
  yourPicture: 'Your picture',
  searching: 'Looking for it…',
  sources: 'Where it comes from',
  sourcesLead: 'The picture comes from these; a clip opens at the matching moment',
  sourcesEmpty: 'No material in the catalogue is the source of this picture',
  at: 'at {{time}}',
  similar: 'Looks alike',
  similarEmpty: 'Nothing that looks alike',
  another: 'Search with another picture',
  choose: 'Choose a picture to search with',
  chooseLead: 'Drag, paste (Ctrl+V) or choose a jpg, png or webp picture (up to 20 MB). Only you can see it; it is kept 24 hours for this search’s pages and filters, then deleted.',
  failed: 'The search failed, please try again later',
  retry: 'Try again',
  openSource: 'Open {{title}}',
  similarCount: '{{count}} look alike',
  kindLabel: 'Kind',
  kindAll: 'All',
  kindVideo: 'Videos',
  kindPhoto: 'Photos',
  gone: 'This picture search has expired: choose the picture again',
};
