import { Injectable } from '@nestjs/common';
import type { Language, SimilarByResponse } from '@mkt/contracts';
import { lookDistance } from '@mkt/platform/visual';
import { CatalogueReadService, materialNotFound } from '../store/catalogue-read.service.js';
import { MaterialVisualsRepository } from './material-visuals.repository.js';
import { VisualIndexService } from './visual-index.service.js';

const SHOWN = 24;

export interface SimilarBy {
  subject: boolean;
  colour: boolean;
  composition: boolean;
}

/**
 * "More like this" that the buyer steers: by subject (the detail page's similar materials: tags
 * and category), by colours, by composition, or together. With the subject, its materials are
 * ranked by the chosen parts of the look; without it, the nearest looks of the whole catalogue of
 * the same kind. A material not visually indexed yet answers by subject only (`byLook` false).
 */
@Injectable()
export class MoreLikeThisService {
  constructor(
    private readonly read: CatalogueReadService,
    private readonly visual: VisualIndexService,
    private readonly visuals: MaterialVisualsRepository,
  ) {}

  async similar(id: number, by: SimilarBy, language: Language, userId: string | null): Promise<SimilarByResponse> {
    const kind = await this.visuals.publishedKind(id);
    if (!kind) throw materialNotFound();
    const weights = { colour: by.colour ? 1 : 0, composition: by.composition ? 1 : 0 };
    const look = weights.colour + weights.composition > 0 ? await this.visual.lookOf(id) : null;
    if (by.subject || !look) {
      const { infos } = await this.read.similarTo(id, language, userId);
      if (!look) return { infos, byLook: false };
      // Same subject, nearest look first.
      const distances = new Map<number, number>();
      for (const card of infos) {
        const theirs = await this.visual.lookOf(card.id);
        distances.set(card.id, theirs ? lookDistance(look, theirs, weights) : Infinity);
      }
      return { infos: [...infos].sort((a, b) => distances.get(a.id)! - distances.get(b.id)! || a.id - b.id), byLook: true };
    }
    const nearest = await this.visual.nearestLooks(look, weights, SHOWN * 3, id);
    const sameKind = await this.visuals.publishedMatching(nearest.map((match) => match.materialId), [kind], {});
    const ids = nearest.filter((match) => sameKind.has(match.materialId)).slice(0, SHOWN).map((match) => match.materialId);
    return { infos: await this.read.cards(ids, language, userId), byLook: true };
  }
}
