/** The header search: video searches go to /SearchResult, photo searches to /ImgSearchResult. */
export type SearchType = 'video' | 'pic';

export function searchTarget(keyword: string, type: SearchType): string {
  const path = type === 'pic' ? '/ImgSearchResult' : '/SearchResult';
  const query = new URLSearchParams({ keyword: keyword.trim(), type });
  return `${path}?${query.toString()}`;
}

/** The type switch follows the page: photo search pages keep "photo" selected. */
export function searchTypeForPath(pathname: string): SearchType {
  return /^\/(ImgSearchResult|DetailPic|detailpic)$/.test(pathname) ? 'pic' : 'video';
}
