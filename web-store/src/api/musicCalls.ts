import {
  MusicCalls,
  type MusicInfo,
  type MusicOrderCreateRequest,
  type MusicOrderCreateResponse,
  type MusicPage,
  type MusicPlayInfo,
  type MusicSearchRequest,
  type MusicSheet,
  type MusicSheetDetail,
  type MusicSkuListResponse,
} from '@mkt/contracts/web';
import { type CallOptions, get, post } from './client';

const paths = MusicCalls;

const page = (data: Partial<MusicPage> | null): MusicPage => ({ infos: data?.infos ?? [], total: data?.total ?? 0 });

/** Music calls (spec section 7 "Music"). */
export const musicCalls = {
  detail: (musicId: number, options?: CallOptions) => post<MusicInfo>(paths.detail(musicId), { musicId }, options),
  play: (musicId: number) => post<MusicPlayInfo>(paths.play, { musicId }),
  download: (musicId: number) => post<MusicPlayInfo>(paths.download, { musicId }),
  collect: (musicId: number) => post<{ bookmarkId: number }>(paths.collect, { musicId }),
  cancelCollect: (bookmarkId: number) => post<null>(paths.collectCancel, { bookmarkId }),
  collectMy: async (request: { musicType: 1 | 2; pageNo: number; pageSize: number }, options?: CallOptions) => page(await post<MusicPage | null>(paths.collectMy, request, options)),
  findPlayList: async (options?: CallOptions) => (await post<{ infos?: MusicInfo[] } | null>(paths.findPlayList, {}, options))?.infos ?? [],
  savePlayList: (musicIdList: number[]) => post<null>(paths.savePlayList, { musicIdList }),
  similar: async (request: { musicId: number; pageNo: number; pageSize: number }, options?: CallOptions) => page(await post<MusicPage | null>(paths.similar, request, options)),
  sheets: async (request: { pageNo: number; pageSize: number }, options?: CallOptions) => {
    const data = await post<{ infos?: MusicSheet[]; total?: number } | null>(paths.sheetList, request, options);
    return { infos: data?.infos ?? [], total: data?.total ?? 0 };
  },
  sheet: (request: { sheetId: number; pageNo: number; pageSize: number }, options?: CallOptions) => post<MusicSheetDetail>(paths.sheetMusicList, request, options),
  search: async (request: MusicSearchRequest, options?: CallOptions) => page(await post<MusicPage | null>(paths.search, request, options)),
  versions: async (musicId: number, options?: CallOptions) => page(await post<MusicPage | null>(paths.version, { musicId }, options)),
  skuList: (price?: number, options?: CallOptions) => post<MusicSkuListResponse>(paths.skuList, price === undefined ? {} : { price }, options),
  createOrder: (request: MusicOrderCreateRequest) => post<MusicOrderCreateResponse>(paths.orderCreate, request),
  /** GET on the waveUrl (already below the API prefix): the peak array. */
  wave: async (waveUrl: string, options?: CallOptions): Promise<number[]> => {
    const data = await get<unknown>(waveUrl.replace(/^\/api/, ''), options);
    return Array.isArray(data) ? data.filter((v): v is number => typeof v === 'number') : [];
  },
};
