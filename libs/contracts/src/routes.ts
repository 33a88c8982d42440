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
