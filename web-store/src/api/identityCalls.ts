import {
  NotificationCalls,
  type NotificationPage,
  type LoginRequest,
  type LoginResponse,
  type RefreshResponse,
  type SendCodeRequest,
  type SendCodeResponse,
  type SessionResponse,
  type SkuItem,
  StoreCalls,
} from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** Sign-in, session and contributor-agreement calls (spec section 7 "Session and user"). */
export const identityCalls = {
  sendCode: (request: SendCodeRequest) => post<SendCodeResponse>(StoreCalls.sendCode, request),
  login: (request: LoginRequest) => post<LoginResponse>(StoreCalls.login, request),
  session: (options?: CallOptions) => post<SessionResponse>(StoreCalls.session, {}, options),
  notifications: (pageNo: number, pageSize: number) => post<NotificationPage>(NotificationCalls.list, { pageNo, pageSize }),
  readNotifications: (ids?: number[]) => post<{ unread: number }>(NotificationCalls.read, ids ? { ids } : {}),
  notificationMail: (mail: boolean) => post<{ mail: boolean }>(NotificationCalls.settings, { mail }),
  refresh: () => post<RefreshResponse>(StoreCalls.refresh),
  logoff: () => post<unknown>(StoreCalls.logoff),
  agreeProtocol: () => post<unknown>(StoreCalls.protocolAgree),
  rejectProtocol: () => post<unknown>(StoreCalls.protocolReject),
  skuList: async (): Promise<SkuItem[]> => listFrom(await post<SkuListResponse>(StoreCalls.skuList, {})),
};

/** The spec names the call but not its shape: accept a bare list or one wrapped in an object. */
type SkuListResponse = SkuItem[] | { skuList?: SkuItem[]; list?: SkuItem[] } | null;

function listFrom(data: SkuListResponse): SkuItem[] {
  if (Array.isArray(data)) return data;
  return data?.skuList ?? data?.list ?? [];
}
