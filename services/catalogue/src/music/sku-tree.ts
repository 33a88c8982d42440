import type { Language, MusicSkuNode } from '@mkt/contracts';
import { fenToYuan } from '@mkt/contracts';

/** A row of music_skus as the rules need it. */
export interface SkuRow {
  id: string;
  parentId: string | null;
  level: number;
  nameZh: string;
  nameEn: string;
  sort: number;
  priceFen: number | null;
}

/** Pure: the flat rows as the cascade tree the store walks (scene -> channel -> period -> area). */
export function buildSkuTree(rows: readonly SkuRow[], language: Language): MusicSkuNode[] {
  const childrenOf = new Map<string | null, SkuRow[]>();
  for (const row of rows) {
    const list = childrenOf.get(row.parentId) ?? [];
    list.push(row);
    childrenOf.set(row.parentId, list);
  }
  const build = (parentId: string | null): MusicSkuNode[] =>
    (childrenOf.get(parentId) ?? [])
      .slice()
      .sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id))
      .map((row) => {
        const node: MusicSkuNode = { id: row.id, name: language === 'en' ? row.nameEn : row.nameZh, level: row.level as MusicSkuNode['level'] };
        if (row.level === 4) {
          node.priceFen = row.priceFen ?? 0;
          node.price = fenToYuan(node.priceFen);
        } else {
          node.children = build(row.id);
        }
        return node;
      });
  return build(null);
}

export interface CascadeAnswers {
  sceneId: string;
  channelId: string;
  periodId: string;
  authAreaId: string;
}

export type CascadeResolution =
  | { ok: true; leaf: SkuRow; path: [SkuRow, SkuRow, SkuRow, SkuRow] }
  | { ok: false; reason: 'incomplete' | 'invalid' };

/**
 * Pure: checks the four answers form one path of the tree (each answer a child of the previous
 * one, at the right level, ending on a priced leaf) and returns that path.
 */
export function resolveCascade(rows: readonly SkuRow[], answers: CascadeAnswers): CascadeResolution {
  const ids = [answers.sceneId, answers.channelId, answers.periodId, answers.authAreaId];
  if (ids.some((id) => !id)) return { ok: false, reason: 'incomplete' };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: SkuRow[] = [];
  let parentId: string | null = null;
  for (const [index, id] of ids.entries()) {
    const row = byId.get(id);
    if (!row || row.level !== index + 1 || row.parentId !== parentId) return { ok: false, reason: 'invalid' };
    path.push(row);
    parentId = row.id;
  }
  const leaf = path[3]!;
  if (leaf.priceFen === null) return { ok: false, reason: 'invalid' };
  return { ok: true, leaf, path: path as [SkuRow, SkuRow, SkuRow, SkuRow] };
}
