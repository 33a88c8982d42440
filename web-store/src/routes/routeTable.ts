/**
 * Every route of the store (spec section 2) with its layout flags. The router builds itself from
 * this table, and the viewport, theme and side-toolbar logic read the same entries, so a route's
 * flags live in exactly one place.
 */

/** Pages that exist so far. A route without a page shows the under-work page. */
export type PageKey =
  | 'home'
  | 'login'
  | 'notFound'
  | 'working'
  | 'test'
  | 'about'
  | 'questions'
  | 'materialList'
  | 'videoSearch'
  | 'photoSearch'
  | 'imageSearch'
  | 'externalShop'
  | 'videoDetail'
  | 'photoDetail'
  | 'externalDetail'
  | 'topic'
  | 'topicList'
  | 'collect'
  | 'materialCenter'
  | 'workDetail'
  | 'helpHighQualityVideo'
  | 'helpMoreSaleChance'
  | 'helpUploadTool'
  | 'cart'
  | 'putorder'
  | 'order'
  | 'orderSuccess'
  | 'orderList'
  | 'orderMaterialList'
  | 'downloadList'
  | 'vip'
  | 'vipOrder'
  | 'licenceVerify'
  | 'music'
  | 'musicDetail'
  | 'playList'
  | 'playListDetail'
  | 'orderMusic'
  | 'bill'
  | 'userCenter'
  | 'mailConfirm'
  | 'originList'
  | 'caseList'
  | 'case'
  | 'join'
  | 'contestList'
  | 'contestDetail'
  | 'pastContestList'
  | 'pastContestDetail'
  | 'score'
  | 'campaign'
  | 'shop'
  | 'productDetail'
  | 'boards'
  | 'board'
  | 'sharedBoard'
  | 'purchaseRequests';

export interface RouteFlags {
  /** (M): the route has a mobile layout, so it gets a device-width viewport. */
  readonly mobile: boolean;
  /** (W): white background with dark text instead of the dark theme. */
  readonly white: boolean;
  /** The fixed side toolbar stays out of the way on campaign landing pages. */
  readonly hideSideToolbar: boolean;
}

export interface ChildRouteEntry extends RouteFlags {
  /** Relative to the parent; `null` for the parent's index route. */
  readonly segment: string | null;
  readonly page?: PageKey;
}

export interface RouteEntry extends RouteFlags {
  /** Absolute, matched exactly and case-sensitively (/Detail and /detail are two routes). */
  readonly path: string;
  readonly page?: PageKey;
  readonly children?: readonly ChildRouteEntry[];
}

/** A route as seen by code that only has a pathname (viewport, theme, toolbar). */
export interface ResolvedRoute extends RouteFlags {
  readonly path: string;
  readonly page?: PageKey;
}

interface EntryOptions {
  page?: PageKey;
  mobile?: boolean;
  white?: boolean;
  hideSideToolbar?: boolean;
  children?: readonly ChildRouteEntry[];
}

function route(path: string, options: EntryOptions = {}): RouteEntry {
  return {
    path,
    page: options.page,
    mobile: options.mobile ?? false,
    white: options.white ?? false,
    hideSideToolbar: options.hideSideToolbar ?? false,
    children: options.children,
  };
}

function child(segment: string | null, options: Omit<EntryOptions, 'children'> = {}): ChildRouteEntry {
  return {
    segment,
    page: options.page,
    mobile: options.mobile ?? false,
    white: options.white ?? false,
    hideSideToolbar: options.hideSideToolbar ?? false,
  };
}

const M = { mobile: true } as const;
const W = { white: true } as const;
const contestLanding = { mobile: true, hideSideToolbar: true, page: 'campaign' } as const;

export const routeTable: readonly RouteEntry[] = [
  route('/', { ...M, page: 'home' }),
  route('/About', { page: 'about' }),
  route('/working', { page: 'working' }),
  route('/test', { page: 'test' }),
  route('/404', { page: 'notFound' }),
  route('/MaterialList', { page: 'materialList' }),
  route('/Questions', { page: 'questions' }),
  route('/SearchResult', { ...M, page: 'videoSearch' }),
  route('/ImgSearchResult', { ...M, page: 'photoSearch' }),
  // Beyond the spec: the answer to a search by image, with the search pages' mobile layout.
  route('/ImageSearch', { ...M, page: 'imageSearch' }),
  // Beyond the spec's (M) list: music, its sheets and orders, with the player bar on one line (ADR 0028).
  route('/Music', { ...M, page: 'music' }),
  route('/DetailMusic', { ...M, page: 'musicDetail' }),
  route('/PlayList', { ...M, page: 'playList' }),
  route('/PlayListDetail', { ...M, page: 'playListDetail' }),
  // Beyond the spec's (M) list: the detail pages are laid out for phones too (a shared link opens
  // one first), with the actions in a bar at the bottom (docs/adr/0028-responsive-store.md).
  route('/Detail', { ...M, page: 'videoDetail' }),
  route('/detail', { ...M, page: 'videoDetail' }),
  route('/P5Detail', { page: 'externalDetail' }),
  // The spec's "white-background external-source page" (docs/adr/0024-white-external-source-page.md).
  route('/pdetail', { ...W, page: 'externalDetail' }),
  route('/P5Shop', { page: 'externalShop' }),
  route('/DetailPic', { ...M, page: 'photoDetail' }),
  route('/detailpic', { ...M, page: 'photoDetail' }),
  route('/Topic', { page: 'topic' }),
  route('/TopicList', { page: 'topicList' }),
  // Beyond the spec's (M) list: the buying journey, cart to paid order, is laid out for phones (ADR 0028).
  route('/Cart', { ...M, page: 'cart' }),
  route('/Collect', { page: 'collect' }),
  // Beyond the spec: boards (shared selections), each with a mobile layout; a guest link opens /SharedBoard.
  route('/Boards', { ...M, page: 'boards' }),
  route('/Board', { ...M, page: 'board' }),
  route('/SharedBoard', { ...M, page: 'sharedBoard' }),
  // Beyond the spec: enterprise members' purchase requests from boards, and their administrator's decisions.
  route('/PurchaseRequests', { ...M, page: 'purchaseRequests' }),
  route('/Putorder', { ...M, page: 'putorder' }),
  route('/Order', { ...M, page: 'order' }),
  route('/Order2', { ...M, page: 'order' }),
  route('/OrderMusic', { ...M, page: 'orderMusic' }),
  route('/OrderSuccess', { ...M, page: 'orderSuccess' }),
  route('/OrderList', { ...M, page: 'orderList' }),
  route('/OrderMaterialList', { page: 'orderMaterialList' }),
  // Public check of an authorization file's verification code (printed on every file).
  route('/LicenceVerify', { page: 'licenceVerify' }),
  // Beyond the spec's (M) list: a contributor's bill, material centre and materials on a phone (ADR 0028).
  route('/Bill', { ...W, ...M, page: 'bill' }),
  route('/DownloadList', { page: 'downloadList' }),
  route('/UserCenter', { ...W, page: 'userCenter' }),
  route('/MaterialCenter', { ...W, ...M, page: 'materialCenter' }),
  route('/WorkDetail', { ...M, page: 'workDetail' }),
  route('/Login', { ...M, page: 'login' }),
  route('/join', { ...M, page: 'join' }),
  route('/mailconfirm', { page: 'mailConfirm' }),
  route('/Vip', { page: 'vip' }),
  route('/vip', { page: 'vip' }),
  route('/VipOrder', { page: 'vipOrder' }),
  route('/Shop', { ...M, page: 'shop' }),
  route('/ProductDetail', { page: 'productDetail' }),
  route('/ActivityList', { ...M, page: 'contestList' }),
  route('/ActivityDetail', { page: 'contestDetail' }),
  route('/postActivityList', { page: 'pastContestList' }),
  route('/postActivityDetail', { page: 'pastContestDetail' }),
  route('/OriginList', { page: 'originList' }),
  route('/Case', { page: 'case' }),
  // Spec: ContentList and CaseList are the same page.
  route('/CaseList', { page: 'caseList' }),
  route('/ContentList', { page: 'caseList' }),
  route('/score', { ...W, page: 'score' }),
  route('/8k2021', { ...M, page: 'campaign' }),
  route('/8k2022', { ...M, page: 'campaign' }),
  route('/8k2023', { ...M, page: 'campaign' }),
  route('/8k2024', { ...M, page: 'campaign' }),
  route('/canon2022', { ...W, page: 'campaign' }),
  route('/canon2022autumn', { ...W, page: 'campaign' }),
  route('/howToGetHighQualityVideo', { page: 'helpHighQualityVideo' }),
  route('/howToGetMoreSaleChance', { page: 'helpMoreSaleChance' }),
  route('/howToUseUploadTool', { page: 'helpUploadTool' }),
  route('/fcb1year', {
    ...contestLanding,
    children: [child(null, contestLanding), child('m1', contestLanding), child('m2', contestLanding), child('m3', contestLanding)],
  }),
];

export const NOT_FOUND_PATH = '/404';
export const LOGIN_PATH = '/Login';
export const HOME_PATH = '/';

/** Every concrete route, children expanded to absolute paths. */
export function flattenRoutes(table: readonly RouteEntry[] = routeTable): ResolvedRoute[] {
  return table.flatMap((entry) => {
    if (!entry.children) return [toResolved(entry.path, entry)];
    return entry.children.map((kid) => toResolved(kid.segment ? `${entry.path}/${kid.segment}` : entry.path, kid));
  });
}

function toResolved(path: string, flags: RouteFlags & { page?: PageKey }): ResolvedRoute {
  return {
    path,
    page: flags.page,
    mobile: flags.mobile,
    white: flags.white,
    hideSideToolbar: flags.hideSideToolbar,
  };
}

const byPath = new Map(flattenRoutes().map((entry) => [entry.path, entry]));

/** The route a pathname renders, or null when it renders the 404 page. */
export function findRoute(pathname: string): ResolvedRoute | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(trimmed || '/') ?? null;
}

/** Whether a route already has its real page (the rest render the under-work page). */
export function isBuilt(entry: { page?: PageKey }): boolean {
  return entry.page !== undefined;
}
