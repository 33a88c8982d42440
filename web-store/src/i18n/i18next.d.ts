import 'i18next';
import type { billZhCN } from './resources/bill.zh-CN';
import type { zhCN } from './resources/zh-CN';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `bill` arrives with the /Bill chunk (addPageMessages); only that page uses its keys.
    resources: { translation: typeof zhCN & { bill: typeof billZhCN } };
  }
}
