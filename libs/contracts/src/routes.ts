/**
 * Where the HTTP surfaces live on the single origin. The store keeps the spec's call paths
 * below {@link STORE_API_PREFIX}; the console's REST API lives below {@link ADMIN_API_PREFIX}.
 */
export const STORE_API_PREFIX = '/api';
export const ADMIN_API_PREFIX = '/admin-api';
export const ADMIN_UI_BASE = '/admin';
export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** Store calls not shown by the spec, in the same style. */
export const StoreCalls = {
  sendCode: '/user/code/send',
  login: '/user/login',
  session: '/session',
  refresh: '/user/refresh',
  logoff: '/logoff',
  protocolAgree: '/user/protocol/agree',
  protocolReject: '/user/protocol/reject',
  skuList: '/customer/skuList',
} as const;

export const ACCESS_TOKEN_HEADER = 'access_token';

/**
 * Store pages whose links people share in chat apps, whose crawlers run no JavaScript: the
 * service that owns each page's data answers a GET of the path itself, with the store's shell and
 * Open Graph tags (ADR 0029). Exact paths, case as the store's route table has them; the
 * deployments' route table (deploy/service-routes.mjs) claims the same paths for the same services.
 */
export const SharePagePaths = {
  catalogue: {
    videoDetail: ['/Detail', '/detail'],
    photoDetail: ['/DetailPic', '/detailpic'],
    musicDetail: ['/DetailMusic'],
    topic: ['/Topic'],
    sharedBoard: ['/SharedBoard'],
  },
  contests: {
    contestDetail: ['/ActivityDetail'],
    pastContestDetail: ['/postActivityDetail'],
  },
} as const;
