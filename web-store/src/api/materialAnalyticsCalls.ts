import { MaterialAnalyticsCalls, type MaterialAnalytics, type MaterialAnalyticsRequestBody } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** Sales analytics of the signed-in contributor's own materials. */
export const materialAnalyticsCalls = {
  read: (request: MaterialAnalyticsRequestBody, options?: CallOptions) => post<MaterialAnalytics>(MaterialAnalyticsCalls.analytics, request, options),
};
