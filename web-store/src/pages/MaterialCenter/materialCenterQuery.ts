import { MATERIAL_CENTER_TABS, type ContributedMaterial, type MaterialCenterTab, type UploadRuleKey, type UploadStatus } from '@mkt/contracts/web';

/**
 * The material centre's query (spec section 2): `tab` (default home), `mode` (1 a list, else a
 * grid of cards) and `sec` (-1 every state of the tab, else one state: 0 transcoding, 1 failed,
 * 2 waiting for review). The upload panel opens tab=videoWaiting|photoWaiting, mode=1, sec=-1.
 */
export interface MaterialCenterQuery {
  tab: MaterialCenterTab;
  mode: number;
  sec: number;
  statusFilter: UploadStatus | null;
}

const SECTIONS: UploadStatus[] = ['transcoding', 'failed', 'waiting'];

export function materialCenterQuery(params: URLSearchParams): MaterialCenterQuery {
  const tab = params.get('tab');
  const mode = Number(params.get('mode') ?? '1');
  const sec = Number(params.get('sec') ?? '-1');
  const validSec = Number.isInteger(sec) && sec >= 0 && sec < SECTIONS.length ? sec : -1;
  return {
    tab: (MATERIAL_CENTER_TABS as readonly string[]).includes(tab ?? '') ? (tab as MaterialCenterTab) : 'home',
    mode: Number.isInteger(mode) ? mode : 1,
    sec: validSec,
    statusFilter: validSec === -1 ? null : SECTIONS[validSec]!,
  };
}

/** What a file's state says under its title: a message key of ours, or the reviewer's own words. */
export type StatusMessageKey = UploadRuleKey | 'uploadTranscoding' | 'uploadRequestError';

export function statusMessage(material: Pick<ContributedMaterial, 'status' | 'reason'>): { key: StatusMessageKey } | { text: string } | null {
  if (material.status === 'transcoding') return { key: 'uploadTranscoding' };
  // A failed file's reason is one of the rule keys the worker records.
  if (material.status === 'failed') return { key: (material.reason ?? 'uploadRequestError') as StatusMessageKey };
  if (material.status === 'rejected' && material.reason) return { text: material.reason };
  return null;
}
