import { toPreferenceCounts } from '../../api/homeCalls';
import { badgeValue, cartCount, collectionCount } from './badgeCounts';
import { searchTarget, searchTypeForPath } from './searchTarget';

describe('header search', () => {
  it('sends video searches to /SearchResult and photo searches to /ImgSearchResult', () => {
    expect(searchTarget('  航拍 ', 'video')).toBe('/SearchResult?keyword=%E8%88%AA%E6%8B%8D&type=video');
    expect(searchTarget('city night', 'pic')).toBe('/ImgSearchResult?keyword=city+night&type=pic');
  });

  it('preselects the photo type on photo pages', () => {
    expect(searchTypeForPath('/ImgSearchResult')).toBe('pic');
    expect(searchTypeForPath('/SearchResult')).toBe('video');
    expect(searchTypeForPath('/')).toBe('video');
  });
});

describe('header badges', () => {
  it('caps badges at 99', () => {
    expect(badgeValue(0)).toBe(0);
    expect(badgeValue(42)).toBe(42);
    expect(badgeValue(99)).toBe(99);
    expect(badgeValue(1234)).toBe(99);
  });

  it('adds up cart and collection counters', () => {
    const counts = toPreferenceCounts({
      videoBookmark: 3,
      photoBookmark: 4,
      musicBookmark: 5,
      musicEffectBookmark: 6,
      videoShopping: 1,
      photoShopping: 2,
    });
    expect(cartCount(counts)).toBe(3);
    expect(collectionCount(counts)).toBe(18);
  });

  it('reads missing or malformed counters as zero', () => {
    const counts = toPreferenceCounts({ videoShopping: 'x', photoShopping: null, videoBookmark: -2 });
    expect(cartCount(counts)).toBe(0);
    expect(collectionCount(counts)).toBe(0);
    expect(cartCount(toPreferenceCounts(null))).toBe(0);
  });
});
