import { ShopCalls, type DownloadPacksResponse, type ShopListResponse, type ShopPackDownloadResult, type ShopProductView } from '@mkt/contracts/web';
import { type CallOptions, post } from './client';

/** The shop (/Shop, /ProductDetail) and the download packs it sells. */
export const shopCalls = {
  list: (options?: CallOptions) => post<ShopListResponse>(ShopCalls.list, {}, options),
  detail: (id: number, options?: CallOptions) => post<ShopProductView>(ShopCalls.detail, { id }, options),
  order: (productId: number, licensee: string) => post<{ orderId: string; orderNo: string }>(ShopCalls.orderCreate, { productId, licensee }),
  packs: (options?: CallOptions) => post<DownloadPacksResponse>(ShopCalls.packs, {}, options),
  download: (materialId: number) => post<ShopPackDownloadResult>(ShopCalls.packDownload, { materialId }),
};
