import { FILTER_NAMES, FILTER_VALUES } from '@mkt/contracts/web';
import { en } from '../i18n/resources/en';
import { zhCN } from '../i18n/resources/zh-CN';
import { CARD_RULES, bizTypeFor, cardActionPayload, clickPayload, playRuleId } from './clickPayload';
import { COLLECT_TABS, bookmarkLink, parseTargetType } from './collectTabs';
import { facetLabel, filterName } from './facetLabels';
import { PAGE_MAX, pageParam } from './paging';
import {
  detailPath,
  formatDuration,
  formatUtc8Date,
  previewPlaybackRate,
  purchaseDetailPath,
  resolutionBadge,
  safeColor,
  stripFrameAt,
  stripFrameCount,
} from './materialFormat';
import {
  activeFilterCount,
  clearFilters,
  pageCount,
  pageWindow,
  parseSearchState,
  serializeSearchState,
  toSearchRequest,
  toggleFilter,
  withPage,
  withSort,
} from './searchState';

describe('search state in the URL', () => {
  it('reads keyword, type, category, filters, sort and page', () => {
    const state = parseSearchState('?keyword=航拍&type=video&categoryId=12&resolution=4k,1080p&sort=newest&page=2', 'video');
    expect(state).toEqual({
      keyword: '航拍',
      type: 'video',
      categoryId: 12,
      sort: 'newest',
      page: 2,
      filters: { resolution: ['4k', '1080p'] },
    });
  });

  it('round-trips through the query string', () => {
    const query = 'keyword=%E8%88%AA%E6%8B%8D&type=video&resolution=4k,1080p&sort=newest&page=2';
    const state = parseSearchState(query, 'video');
    expect(serializeSearchState(state)).toBe(query);
    expect(parseSearchState(serializeSearchState(state), 'pic')).toEqual(state);
  });

  it('keeps "the words as typed" (no typo correction) in the URL and the request', () => {
    const state = parseSearchState('?keyword=mountian&type=video&asTyped=1', 'video');
    expect(state.asTyped).toBe(true);
    expect(serializeSearchState(state)).toBe('keyword=mountian&type=video&asTyped=1');
    expect(toSearchRequest(state).asTyped).toBe(true);
    expect('asTyped' in parseSearchState('?keyword=mountian&asTyped=0', 'video')).toBe(false);
    expect('asTyped' in toSearchRequest(parseSearchState('?keyword=mountian', 'video'))).toBe(false);
  });

  it('falls back to the page type and defaults, and drops what the server would refuse', () => {
    const state = parseSearchState('?type=audio&sort=cheap&page=0&categoryId=-3&resolution=16k,4k&bogus=1', 'pic');
    expect(state).toEqual({ keyword: '', type: 'pic', categoryId: null, sort: 'relevance', page: 1, filters: { resolution: ['4k'] } });
    expect(parseSearchState('?page=501', 'video').page).toBe(1);
    expect(parseSearchState('?page=2.5', 'video').page).toBe(1);
  });

  it('keeps filter values in the contract order so equal selections give equal URLs', () => {
    const a = parseSearchState('?resolution=1080p,4k', 'video');
    const b = parseSearchState('?resolution=4k,1080p', 'video');
    expect(serializeSearchState(a)).toBe(serializeSearchState(b));
    expect(serializeSearchState(a)).toBe('type=video&resolution=4k,1080p');
  });

  it('leaves defaults out of the URL', () => {
    expect(serializeSearchState(parseSearchState('', 'video'))).toBe('type=video');
    expect(serializeSearchState(parseSearchState('keyword=%20', 'pic'))).toBe('type=pic');
  });

  it('goes back to page 1 when filters or sort change, not when paging', () => {
    const state = parseSearchState('?keyword=sea&page=3', 'video');
    const filtered = toggleFilter(state, 'mediaType', 'aerial');
    expect(filtered.page).toBe(1);
    expect(filtered.filters).toEqual({ mediaType: ['aerial'] });
    expect(toggleFilter(filtered, 'mediaType', 'aerial').filters).toEqual({});
    expect(withSort(state, 'sales')).toMatchObject({ sort: 'sales', page: 1 });
    expect(withPage(state, 4).page).toBe(4);
    expect(withPage(state, 9999).page).toBe(500);
    expect(activeFilterCount(toggleFilter(filtered, 'resolution', '4k'))).toBe(2);
    expect(clearFilters(filtered)).toMatchObject({ filters: {}, page: 1 });
  });

  it('builds the search request, with the external source for /P5Shop', () => {
    const state = parseSearchState('?keyword=city&type=pic&categoryId=4&people=none&page=2', 'video');
    expect(toSearchRequest(state)).toEqual({
      keyword: 'city',
      type: 'pic',
      categoryId: 4,
      sort: 'relevance',
      pageNo: 2,
      pageSize: 24,
      filters: { people: ['none'] },
    });
    expect(toSearchRequest(parseSearchState('', 'pic'), 'external')).toMatchObject({ from: 'external', keyword: '' });
  });

  it('pages: count capped at the server limit, a window around the current page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(49)).toBe(3);
    expect(pageCount(1_000_000)).toBe(500);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 19, 20]);
  });
});

describe('card preview and formats', () => {
  it('fast-forwards the hover preview x10 over 20 s, x5 otherwise', () => {
    expect(previewPlaybackRate(21)).toBe(10);
    expect(previewPlaybackRate(20)).toBe(5);
    expect(previewPlaybackRate(3)).toBe(5);
    expect(previewPlaybackRate(null)).toBe(5);
  });

  it('scrubs the preview strip frame by frame', () => {
    expect(stripFrameCount(1600, 90)).toBe(10);
    expect(stripFrameCount(160, 90)).toBe(1);
    expect(stripFrameCount(0, 0)).toBe(1);
    expect(stripFrameAt(0, 10)).toBe(0);
    expect(stripFrameAt(0.55, 10)).toBe(5);
    expect(stripFrameAt(1, 10)).toBe(9);
    expect(stripFrameAt(-2, 10)).toBe(0);
  });

  it('formats durations', () => {
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(95)).toBe('1:35');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('');
  });

  it('shows dates in UTC+8', () => {
    expect(formatUtc8Date('2024-03-01T17:30:00Z')).toBe('2024-03-02');
    expect(formatUtc8Date('2024-03-01T15:59:59Z')).toBe('2024-03-01');
    expect(formatUtc8Date('2024-03-01T00:00:00+08:00')).toBe('2024-03-01');
    expect(formatUtc8Date(null)).toBe('');
    expect(formatUtc8Date('not a date')).toBe('');
  });

  it('links each card to its detail page', () => {
    expect(detailPath({ id: 5, kind: 'video', from: 'own' })).toBe('/Detail?id=5&mdp=6');
    expect(detailPath({ id: 5, kind: 'video', from: 'raw' }, 7)).toBe('/Detail?id=5&mdp=7');
    expect(detailPath({ id: 6, kind: 'photo', from: 'own' })).toBe('/DetailPic?id=6');
    expect(detailPath({ id: 7, kind: 'photo', from: 'external' })).toBe('/P5Detail?id=7');
  });

  it('links the cart and the download list to the second detail entry (mdp 7)', () => {
    expect(purchaseDetailPath(5, 'video')).toBe('/Detail?id=5&mdp=7');
    expect(purchaseDetailPath(6, 'photo')).toBe('/DetailPic?id=6');
  });

  it('badges 4K and above only', () => {
    expect(resolutionBadge({ maxResolution: '4k', width: 0, height: 0 })).toBe('4K');
    expect(resolutionBadge({ maxResolution: '8K', width: 0, height: 0 })).toBe('8K');
    expect(resolutionBadge({ maxResolution: '1080p', width: 1920, height: 1080 })).toBeNull();
    expect(resolutionBadge({ maxResolution: '', width: 3840, height: 2160 })).toBe('4K');
  });

  it('paints only real colours', () => {
    expect(safeColor('#1a2b3c')).toBe('#1a2b3c');
    expect(safeColor('1a2b3c')).toBe('#1a2b3c');
    expect(safeColor('red;background:url(x)')).toBeNull();
  });
});

describe('card action tracking', () => {
  const context = { referer: 'https://store.example/SearchResult', navigator: 'Mozilla/5.0' };
  const video = { id: 11, kind: 'video' as const, from: 'own' as const, title: 'Sunrise' };

  it('uses the spec rule ids', () => {
    expect(CARD_RULES).toEqual({ favourite: 21, unfavourite: 22, sample: 23, copyNumber: 24, copyLink: 25 });
  });

  it('sets bizType by kind and source', () => {
    expect(bizTypeFor(video)).toBe(0);
    expect(bizTypeFor({ kind: 'photo', from: 'own' })).toBe(1);
    expect(bizTypeFor({ kind: 'photo', from: 'external' })).toBe(5);
    expect(bizTypeFor({ kind: 'video', from: 'external' })).toBe(5);
  });

  it('builds the click payload of an action', () => {
    expect(cardActionPayload(video, 'copyLink', context)).toEqual({
      bizType: 0,
      ruleId: 25,
      title: 'Sunrise',
      referer: context.referer,
      navigator: context.navigator,
      targetId: 11,
    });
    expect(cardActionPayload({ ...video, kind: 'photo' }, 'favourite', context)).toMatchObject({ bizType: 1, ruleId: 21 });
    expect(clickPayload({ ...video, title: 'x'.repeat(400) }, 10, context).title).toHaveLength(300);
  });

  it('counts detail opens with the mdp, else 10', () => {
    expect(playRuleId('6')).toBe(6);
    expect(playRuleId('7')).toBe(7);
    expect(playRuleId(null)).toBe(10);
    expect(playRuleId('9')).toBe(10);
  });
});

describe('filter labels', () => {
  it('names every filter and every value in both languages', () => {
    for (const messages of [zhCN, en]) {
      for (const name of FILTER_NAMES) {
        expect(filterName(messages, name)).not.toBe(name);
        for (const value of FILTER_VALUES[name]) {
          expect([name, value, messages.filters.values[name][value as never]]).toEqual([name, value, expect.any(String)]);
        }
        expect(Object.keys(messages.filters.values[name]).sort()).toEqual([...FILTER_VALUES[name]].sort());
      }
    }
    expect(facetLabel(zhCN, 'mediaType', 'aerial')).toBe('航拍');
    expect(facetLabel(en, 'mediaType', 'aerial')).toBe('Aerial');
    expect(facetLabel(en, 'mediaType', 'hologram')).toBe('hologram');
  });
});

describe('collections tabs', () => {
  it('reads targetType 0 to 3, defaulting to video', () => {
    expect(COLLECT_TABS.map((tab) => tab.targetType)).toEqual([0, 1, 2, 3]);
    expect(parseTargetType('2')).toBe(2);
    expect(parseTargetType('9')).toBe(0);
    expect(parseTargetType(null)).toBe(0);
  });

  it('links collected videos and photos to their detail pages, music not yet', () => {
    expect(bookmarkLink({ targetId: 3, targetType: 0, from: 'own' })).toBe('/Detail?id=3&mdp=6');
    expect(bookmarkLink({ targetId: 4, targetType: 1, from: 'raw' })).toBe('/DetailPic?id=4');
    expect(bookmarkLink({ targetId: 5, targetType: 1, from: 'external' })).toBe('/P5Detail?id=5');
    expect(bookmarkLink({ targetId: 6, targetType: 2, from: 'own' })).toBe('/DetailMusic?id=6&mdp=6');
    expect(bookmarkLink({ targetId: 7, targetType: 3, from: 'own' })).toBe('/DetailMusic?id=7&mdp=6');
    expect(bookmarkLink({ targetId: 8, targetType: 9, from: 'own' })).toBeNull();
  });
});

describe('page numbers from the URL (topic, collections and search pages)', () => {
  it('keeps whole pages from 1 to 500 and reads anything else as page 1, never a page the server refuses', () => {
    expect(['1', '2', '500'].map(pageParam)).toEqual([1, 2, 500]);
    expect([null, '', '0', '501', '1.5', '2.0', '-3', 'abc', '1e2', ' 2', '99999999999999999999'].map(pageParam)).toEqual(Array(11).fill(1));
    expect(PAGE_MAX).toBe(500);
  });
});
