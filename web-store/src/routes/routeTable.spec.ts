import { findRoute, flattenRoutes, isBuilt, routeTable } from './routeTable';
import {
  DESKTOP_VIEWPORT,
  IPHONE_MOBILE_VIEWPORT,
  MOBILE_VIEWPORT,
  isIphone,
  showsSideToolbar,
  themeFor,
  viewportFor,
} from './routeLayout';

/** Spec section 2, as written (case included). */
const specPaths = [
  '/', '/About', '/working', '/test', '/404', '/MaterialList', '/Questions', '/SearchResult',
  '/ImgSearchResult', '/Music', '/DetailMusic', '/PlayList', '/PlayListDetail', '/Detail', '/detail',
  '/P5Detail', '/pdetail', '/P5Shop', '/DetailPic', '/detailpic', '/Topic', '/TopicList', '/Cart',
  '/Collect', '/Putorder', '/Order', '/Order2', '/OrderMusic', '/OrderSuccess', '/OrderList',
  '/OrderMaterialList', '/Bill', '/DownloadList', '/UserCenter', '/MaterialCenter', '/WorkDetail',
  '/Login', '/join', '/mailconfirm', '/Vip', '/vip', '/VipOrder', '/Shop', '/ProductDetail',
  '/ActivityList', '/ActivityDetail', '/postActivityList', '/postActivityDetail', '/OriginList',
  '/Case', '/CaseList', '/ContentList', '/score', '/8k2021', '/8k2022', '/8k2023', '/8k2024',
  '/canon2022', '/canon2022autumn', '/howToGetHighQualityVideo', '/howToGetMoreSaleChance',
  '/howToUseUploadTool', '/fcb1year', '/fcb1year/m1', '/fcb1year/m2', '/fcb1year/m3',
];
/** Routes the product adds beyond spec section 2: the public check of an authorization file's code, the answer to a search by image, boards, purchase requests. */
const addedPaths = ['/LicenceVerify', '/ImageSearch', '/Boards', '/Board', '/SharedBoard', '/PurchaseRequests'];

describe('route table', () => {
  it('registers every route of the spec exactly once', () => {
    const paths = flattenRoutes().map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...specPaths, ...addedPaths].sort());
  });

  it('matches paths case-sensitively and sends unknown ones to 404', () => {
    expect(findRoute('/Detail')?.path).toBe('/Detail');
    expect(findRoute('/detail')?.path).toBe('/detail');
    expect(findRoute('/DETAIL')).toBeNull();
    expect(findRoute('/nope')).toBeNull();
    expect(findRoute('/Login/')?.path).toBe('/Login');
    expect(findRoute('/fcb1year/m2')?.hideSideToolbar).toBe(true);
  });

  it('flags the white routes of the spec', () => {
    const white = flattenRoutes().filter((entry) => entry.white).map((entry) => entry.path);
    expect(white.sort()).toEqual(['/Bill', '/MaterialCenter', '/UserCenter', '/canon2022', '/canon2022autumn', '/pdetail', '/score'].sort());
    // The external-source detail has one dark name and one white one (ADR 0024).
    expect([findRoute('/P5Detail')?.white, findRoute('/pdetail')?.white]).toEqual([false, true]);
  });

  it('gives every route of spec section 2 a real page: only /working is the under-work page', () => {
    const unbuilt = flattenRoutes().filter((entry) => !isBuilt(entry)).map((entry) => entry.path);
    expect(unbuilt).toEqual([]);
    expect(flattenRoutes().filter((entry) => entry.page === 'working').map((entry) => entry.path)).toEqual(['/working']);
    const campaigns = ['/8k2021', '/8k2022', '/8k2023', '/8k2024', '/canon2022', '/canon2022autumn', '/fcb1year', '/fcb1year/m1', '/fcb1year/m2', '/fcb1year/m3'];
    expect(campaigns.map((path) => findRoute(path)?.page)).toEqual(campaigns.map(() => 'campaign'));
    // One page, two routes (spec section 2).
    expect(findRoute('/ContentList')?.page).toBe(findRoute('/CaseList')?.page);
    expect(findRoute('/OriginList')?.page).not.toBe(findRoute('/CaseList')?.page);
    expect(findRoute('/UserCenter')).toMatchObject({ page: 'userCenter', white: true });
    expect(findRoute('/MaterialCenter')?.white).toBe(true);
    expect(findRoute('/Bill')).toMatchObject({ page: 'bill', white: true });
    expect(findRoute('/detail')?.page).toBe('videoDetail');
    expect(findRoute('/detailpic')?.page).toBe('photoDetail');
    expect(findRoute('/pdetail')?.page).toBe('externalDetail');
    expect(routeTable.find((entry) => entry.path === '/fcb1year')?.children).toHaveLength(4);
  });
});

describe('route layout', () => {
  it('gives mobile routes a device-width viewport, locked on iPhone', () => {
    expect(viewportFor(findRoute('/Login'), false)).toBe(MOBILE_VIEWPORT);
    expect(viewportFor(findRoute('/Login'), true)).toBe(IPHONE_MOBILE_VIEWPORT);
    expect(IPHONE_MOBILE_VIEWPORT).toContain('maximum-scale=1');
    expect(IPHONE_MOBILE_VIEWPORT).toContain('user-scalable=no');
  });

  it('gives every route and the 404 page the device width (every page is laid out for phones)', () => {
    for (const entry of flattenRoutes()) expect(viewportFor(findRoute(entry.path), false)).toBe(MOBILE_VIEWPORT);
    expect(viewportFor(null, false)).toBe(MOBILE_VIEWPORT);
    // The rule itself stays: a route without a mobile layout would get the desktop one.
    expect(viewportFor({ path: '/x', mobile: false, white: false, hideSideToolbar: false }, true)).toBe(DESKTOP_VIEWPORT);
  });

  it('uses the light theme only on white routes', () => {
    expect(themeFor(findRoute('/UserCenter'))).toBe('light');
    expect(themeFor(findRoute('/'))).toBe('dark');
    expect(themeFor(null)).toBe('dark');
  });

  it('hides the side toolbar on the contest landing pages', () => {
    expect(showsSideToolbar(findRoute('/fcb1year'))).toBe(false);
    expect(showsSideToolbar(findRoute('/fcb1year/m1'))).toBe(false);
    expect(showsSideToolbar(findRoute('/Vip'))).toBe(true);
  });

  it('detects iPhones by user agent', () => {
    expect(isIphone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isIphone('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(false);
  });
});
