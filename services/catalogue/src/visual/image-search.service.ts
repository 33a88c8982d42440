import { Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import {
  ErrorCode,
  IMAGE_QUERY_MAX_BYTES,
  IMAGE_QUERY_MAX_SIDE,
  IMAGE_QUERY_MIN_SIDE,
  IMAGE_QUERY_SIMILAR_MAX,
  type ImageSearchPageQuery,
  type ImageSearchResult,
  type ImageSearchSource,
  type Language,
} from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { sourceLikeness, visualSignature, type VisualSignature } from '@mkt/platform/media';
import { confirmSources } from '@mkt/platform/visual';
import { CatalogueReadService } from '../store/catalogue-read.service.js';
import { MaterialVisualsRepository } from './material-visuals.repository.js';
import { ImageQueryStore } from './image-query.store.js';
import type { StoredImageQuery } from './image-query.repository.js';
import { VisualIndexService } from './visual-index.service.js';

/**
 * Search by image's two stages (confirmSources): materials with a frame hash within
 * CANDIDATE_DISTANCE bits of the picture's are candidates; a candidate is a source when one of
 * its frames' detail grids is like the picture's (sourceLikeness) at MIN_SOURCE_SIMILARITY or more.
 * Chosen on re-encoded, rescaled, brightened, cropped and captioned frames of demo media against
 * pictures of other scenes (the accuracy test).
 */
export const CANDIDATE_DISTANCE = 14;
export const MIN_SOURCE_SIMILARITY = 0.85;
const SOURCES = 10;
const CANDIDATES = 60;
/** "Looks alike" weighs colours and composition alike. */
const LOOKS_ALIKE = { colour: 1, composition: 1 };
/** Nearest looks read before filters narrow them (filters keep a share of them). */
const LOOKS_READ = IMAGE_QUERY_SIMILAR_MAX * 2;
const FIRST_PAGE: ImageSearchPageQuery = { queryId: '', type: 'all', filters: {}, pageNo: 1, pageSize: 24 };

export interface ImageQueryFile {
  buffer: Buffer;
  size: number;
}

/**
 * Search by image: the buyer's picture checked on its real content, kept privately for a day
 * (ImageQueryStore) so its answer can be paged and narrowed, and looked up in the visual index.
 */
@Injectable()
export class ImageSearchService {
  constructor(
    private readonly index: VisualIndexService,
    private readonly visuals: MaterialVisualsRepository,
    private readonly read: CatalogueReadService,
    private readonly queries: ImageQueryStore,
  ) {}

  /** A new picture: checked, kept, and the first page of its answer. */
  async search(file: ImageQueryFile | undefined, language: Language, userId: string | null): Promise<ImageSearchResult> {
    const picture = await checkedQueryImage(file);
    const signature = await querySignature(picture);
    // Every look is compared once, for this search and its further pages and filters.
    const alike = await this.index.nearestLooks(signature, LOOKS_ALIKE, LOOKS_READ);
    const query = await this.queries.keep(picture, signature, alike.map((match) => match.materialId), userId);
    return this.answer(query, FIRST_PAGE, language, userId);
  }

  /** A picture searched before (the searcher's own, within a day): another page, or other filters. */
  async page(request: ImageSearchPageQuery, language: Language, userId: string | null): Promise<ImageSearchResult> {
    const query = await this.queries.find(request.queryId, userId);
    if (!query) throw new AppError(ErrorCode.VISUAL_QUERY_GONE, 'visualQueryGone');
    return this.answer(query, request, language, userId);
  }

  private async answer(query: StoredImageQuery, request: ImageSearchPageQuery, language: Language, userId: string | null): Promise<ImageSearchResult> {
    const candidates = await this.index.search(query.hash, CANDIDATE_DISTANCE, CANDIDATES);
    // The indexes keep an unpublished material until rebuilt: one query says which of both lists
    // are published now, of the kinds and within the filters asked for.
    const kinds = request.type === 'video' ? ['video'] : request.type === 'pic' ? ['photo'] : ['video', 'photo'];
    const matching = await this.visuals.publishedMatching([...candidates.map((match) => match.materialId), ...query.alike], kinds, request.filters);
    const live = candidates.filter((match) => matching.has(match.materialId));
    const confirmed = confirmSources(query, live, await this.visuals.frameDetails(live.map((match) => match.materialId)), MIN_SOURCE_SIMILARITY, sourceLikeness);
    const sources = confirmed.slice(0, SOURCES);
    const sourceIds = new Set(sources.map((match) => match.materialId));
    const similarIds = query.alike.filter((id) => matching.has(id) && !sourceIds.has(id)).slice(0, IMAGE_QUERY_SIMILAR_MAX);
    const start = (request.pageNo - 1) * request.pageSize;
    return {
      queryId: query.id,
      pictureUrl: await this.queries.pictureLink(query),
      sources: await this.withCards(sources, language, userId),
      similar: await this.read.cards(similarIds.slice(start, start + request.pageSize), language, userId),
      similarTotal: similarIds.length,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  private async withCards(matches: readonly { materialId: number; timeMs: number; distance: number }[], language: Language, userId: string | null): Promise<ImageSearchSource[]> {
    const cards = await this.read.cards(matches.map((match) => match.materialId), language, userId);
    const byId = new Map(matches.map((match) => [match.materialId, match]));
    return cards.map((card) => {
      const match = byId.get(card.id)!;
      return { ...card, timeMs: card.kind === 'video' ? match.timeMs : null, distance: match.distance };
    });
  }
}

/**
 * The picture as sent, once it is known to be one still jpg, png or webp within the limits: the
 * type, size and frame count come from its own header (sharp), never from its name or declared
 * type, and the pixel count is checked before anything is decoded (a decompression bomb is
 * refused from its header).
 */
export async function checkedQueryImage(file: ImageQueryFile | undefined): Promise<Buffer> {
  if (!file || file.size === 0) throw new AppError(ErrorCode.VISUAL_QUERY_REQUIRED, 'visualQueryRequired');
  if (file.size > IMAGE_QUERY_MAX_BYTES) throw new AppError(ErrorCode.VISUAL_QUERY_TOO_LARGE, 'visualQueryTooLarge', { megabytes: IMAGE_QUERY_MAX_BYTES / 1024 / 1024 });
  let metadata: Metadata;
  try {
    metadata = await sharp(file.buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(ErrorCode.VISUAL_QUERY_TYPE, 'visualQueryType');
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) throw new AppError(ErrorCode.VISUAL_QUERY_TYPE, 'visualQueryType');
  if ((metadata.pages ?? 1) > 1) throw new AppError(ErrorCode.VISUAL_QUERY_ANIMATED, 'visualQueryAnimated');
  const { width = 0, height = 0 } = metadata;
  const sides = { min: IMAGE_QUERY_MIN_SIDE, max: IMAGE_QUERY_MAX_SIDE };
  if (Math.min(width, height) < IMAGE_QUERY_MIN_SIDE || Math.max(width, height) > IMAGE_QUERY_MAX_SIDE) throw new AppError(ErrorCode.VISUAL_QUERY_SIZE, 'visualQuerySize', sides);
  return file.buffer;
}

/** The picture's signature; the decoder fails on a truncated file rather than reading it half grey. */
async function querySignature(picture: Buffer): Promise<VisualSignature> {
  try {
    return await visualSignature(picture);
  } catch {
    throw new AppError(ErrorCode.VISUAL_QUERY_TYPE, 'visualQueryType');
  }
}
