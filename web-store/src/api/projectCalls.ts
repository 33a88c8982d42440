import { OrderCalls, type ProjectData, type ProjectDownloadResult } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** Enterprise project calls (spec section 6): the session's project data and downloads under the project. */
export const projectCalls = {
  info: (options?: CallOptions) => post<ProjectData>(OrderCalls.projectInfo, {}, options),
  download: (materialId: number) => post<ProjectDownloadResult>(OrderCalls.projectDownload, { materialId }),
};
