import 'i18next';
import type { analyticsZhCN } from './resources/analytics.zh-CN';
import type { billZhCN } from './resources/bill.zh-CN';
import type { boardsZhCN } from './resources/boards.zh-CN';
import type { contestsZhCN } from './resources/contests.zh-CN';
import type { demandZhCN } from './resources/demand.zh-CN';
import type { detailsZhCN } from './resources/details.zh-CN';
import type { imageSearchZhCN } from './resources/imageSearch.zh-CN';
import type { joinZhCN } from './resources/join.zh-CN';
import type { releasesZhCN } from './resources/releases.zh-CN';
import type { zhCN } from './resources/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `bill`, `join`, `contests`, `details`, `imageSearch`, `boards`, `demand`, `analytics` and `releases` arrive with their pages' chunks (addPageMessages); only those pages use their keys.
    resources: {
      translation: typeof zhCN & {
        bill: typeof billZhCN;
        join: typeof joinZhCN;
        contests: typeof contestsZhCN;
        details: typeof detailsZhCN;
        imageSearch: typeof imageSearchZhCN;
        boards: typeof boardsZhCN;
        demand: typeof demandZhCN;
        analytics: typeof analyticsZhCN;
        releases: typeof releasesZhCN;
      };
    };
  }
}
