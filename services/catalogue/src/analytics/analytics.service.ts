import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  conversionOf,
  type AnalyticsFigures,
  type Language,
  type MaterialAnalytics,
  type MaterialAnalyticsQuery,
} from '@mkt/contracts';
import { AppError, Clock, publicRenditionPath } from '@mkt/platform';
import { demandDay } from '../demand/demand-calendar.js';
import { materialNotFound } from '../store/catalogue-read.service.js';
import { localizedTitle } from '../store/material-cards.js';
import { analyticsRange } from './analytics-range.js';
import { ActivityRepository, type ActivityTotalsRow } from './activity.repository.js';

/** A portfolio search matching more materials than this reads the first this many (a search that broad filters nothing useful). */
const SEARCH_MATCHES_MAX = 20_000;

/** A contributor's own figures: totals, a series over whole periods, and a page of the per-material table. */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  async read(contributorId: string, query: MaterialAnalyticsQuery, language: Language): Promise<MaterialAnalytics> {
    const range = analyticsRange(query.period, demandDay(this.clock.now()), query.from, query.to);
    if (!range) throw new AppError(ErrorCode.VALIDATION_FAILED, 'analyticsRangeInvalid');
    // Another contributor's material is answered as unknown: whether it exists is not the caller's business.
    if (query.materialId !== undefined && !(await this.repository.owns(contributorId, query.materialId))) throw materialNotFound();
    const materialIds = query.search ? await this.repository.search(contributorId, query.search, SEARCH_MATCHES_MAX) : null;
    const { series, table, materials } = await this.repository.read(
      { contributorId, period: query.period, from: range.from, to: range.to, kind: query.kind ?? null, materialId: query.materialId ?? null, materialIds },
      { sort: query.sort, order: query.order, limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
    );
    const byStart = new Map(series.map((row) => [row.key, row]));
    const points = range.starts.map((start) => ({ period: start, ...figuresOf(byStart.get(start)) }));
    const totals = points.reduce((sum, point) => addFigures(sum, point), figuresOf(undefined));
    const summaries = new Map((await this.repository.summaries(table.map((row) => Number(row.key)))).map((m) => [m.id, m]));
    return {
      period: query.period,
      from: range.from,
      to: range.to,
      totals: { ...totals, ...conversionOf(totals) },
      series: points,
      rows: table.flatMap((row) => {
        const material = summaries.get(Number(row.key));
        if (!material) return [];
        const figures = figuresOf(row);
        return [
          {
            materialId: material.id,
            code: material.code,
            kind: material.kind,
            title: localizedTitle({ title_zh: material.titleZh, title_en: material.titleEn }, language),
            thumbnail: publicRenditionPath(material.thumbnailKey),
            ...figures,
            ...conversionOf(figures),
          },
        ];
      }),
      total: materials,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }
}

function figuresOf(row: ActivityTotalsRow | undefined): AnalyticsFigures {
  return {
    appearances: row?.appearances ?? 0,
    views: row?.views ?? 0,
    favourites: row?.favourites ?? 0,
    cartAdds: row?.cartAdds ?? 0,
    sales: row?.sales ?? 0,
    earningsFen: row?.earningsFen ?? 0,
  };
}

function addFigures(a: AnalyticsFigures, b: AnalyticsFigures): AnalyticsFigures {
  return {
    appearances: a.appearances + b.appearances,
    views: a.views + b.views,
    favourites: a.favourites + b.favourites,
    cartAdds: a.cartAdds + b.cartAdds,
    sales: a.sales + b.sales,
    earningsFen: a.earningsFen + b.earningsFen,
  };
}
