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
  /**
   * (M): the route has a mobile layout, so it gets a device-width viewport. The spec names about a
   * dozen; the store lays out every route for phones (docs/adr/0028-responsive-store.md), so
   * every entry has it unless it says otherwise.
   */
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
    mobile: options.mobile ?? true,
    white: options.white ?? false,
    hideSideToolbar: options.hideSideToolbar ?? false,
    children: options.children,
  };
}

function child(segment: string | null, options: Omit<EntryOptions, 'children'> = {}): ChildRouteEntry {
  return {
    segment,
    page: options.page,
    mobile: options.mobile ?? true,
    white: options.white ?? false,
    hideSideToolbar: options.hideSideToolbar ?? false,
  };
}

const W = { white: true } as const;
const contestLanding = { hideSideToolbar: true, page: 'campaign' } as const;

export const routeTable: readonly RouteEntry[] = [
  route('/', { page: 'home' }),
  route('/About', { page: 'about' }),
  route('/working', { page: 'working' }),
  route('/test', { page: 'test' }),
  route('/404', { page: 'notFound' }),
  route('/MaterialList', { page: 'materialList' }),
  route('/Questions', { page: 'questions' }),
  route('/SearchResult', { page: 'videoSearch' }),
  route('/ImgSearchResult', { page: 'photoSearch' }),
  // Beyond the spec: the answer to a search by image, with the search pages' mobile layout.
  route('/ImageSearch', { page: 'imageSearch' }),
  route('/Music', { page: 'music' }),
  route('/DetailMusic', { page: 'musicDetail' }),
  route('/PlayList', { page: 'playList' }),
  route('/PlayListDetail', { page: 'playListDetail' }),
  route('/Detail', { page: 'videoDetail' }),
  route('/detail', { page: 'videoDetail' }),
  route('/P5Detail', { page: 'externalDetail' }),
  // The spec's "white-background external-source page" (docs/adr/0024-white-external-source-page.md).
  route('/pdetail', { ...W, page: 'externalDetail' }),
  route('/P5Shop', { page: 'externalShop' }),
  route('/DetailPic', { page: 'photoDetail' }),
  route('/detailpic', { page: 'photoDetail' }),
  route('/Topic', { page: 'topic' }),
  route('/TopicList', { page: 'topicList' }),
  route('/Cart', { page: 'cart' }),
  route('/Collect', { page: 'collect' }),
  // Beyond the spec: boards (shared selections), each with a mobile layout; a guest link opens /SharedBoard.
  route('/Boards', { page: 'boards' }),
  route('/Board', { page: 'board' }),
  route('/SharedBoard', { page: 'sharedBoard' }),
  // Beyond the spec: enterprise members' purchase requests from boards, and their administrator's decisions.
  route('/PurchaseRequests', { page: 'purchaseRequests' }),
  route('/Putorder', { page: 'putorder' }),
  route('/Order', { page: 'order' }),
  route('/Order2', { page: 'order' }),
  route('/OrderMusic', { page: 'orderMusic' }),
  route('/OrderSuccess', { page: 'orderSuccess' }),
  route('/OrderList', { page: 'orderList' }),
  route('/OrderMaterialList', { page: 'orderMaterialList' }),
  // Public check of an authorization file's verification code (printed on every file).
  route('/LicenceVerify', { page: 'licenceVerify' }),
  route('/Bill', { ...W, page: 'bill' }),
  route('/DownloadList', { page: 'downloadList' }),
  route('/UserCenter', { ...W, page: 'userCenter' }),
  route('/MaterialCenter', { ...W, page: 'materialCenter' }),
  route('/WorkDetail', { page: 'workDetail' }),
  route('/Login', { page: 'login' }),
  route('/join', { page: 'join' }),
  route('/mailconfirm', { page: 'mailConfirm' }),
  route('/Vip', { page: 'vip' }),
  route('/vip', { page: 'vip' }),
  route('/VipOrder', { page: 'vipOrder' }),
  route('/Shop', { page: 'shop' }),
  route('/ProductDetail', { page: 'productDetail' }),
  route('/ActivityList', { page: 'contestList' }),
  route('/ActivityDetail', { page: 'contestDetail' }),
  route('/postActivityList', { page: 'pastContestList' }),
  route('/postActivityDetail', { page: 'pastContestDetail' }),
  route('/OriginList', { page: 'originList' }),
  route('/Case', { page: 'case' }),
  // Spec: ContentList and CaseList are the same page.
  route('/CaseList', { page: 'caseList' }),
  route('/ContentList', { page: 'caseList' }),
  route('/score', { ...W, page: 'score' }),
  route('/8k2021', { page: 'campaign' }),
  route('/8k2022', { page: 'campaign' }),
  route('/8k2023', { page: 'campaign' }),
  route('/8k2024', { page: 'campaign' }),
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
