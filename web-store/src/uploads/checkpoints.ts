import type { UploadKind } from '@mkt/contracts/web';
import type { QueueFile } from './uploader';

/**
 * Unfinished uploads remembered across reloads (the browser forgets the File objects, the server
 * keeps the parts). The panel lists them so the contributor can add the same files again; the
 * token call then answers with the parts already stored and only the rest are sent.
 */
export const CHECKPOINT_STORAGE_KEY = 'uploadCheckpoints';

export interface UploadCheckpoint {
  kind: UploadKind;
  name: string;
  size: number;
  filePath: string;
  percent: number;
}

export function readCheckpoints(storage: Pick<Storage, 'getItem'> = localStorage): UploadCheckpoint[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHECKPOINT_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as UploadCheckpoint[]).filter((c) => c && typeof c.filePath === 'string') : [];
  } catch {
    return [];
  }
}

/** Pure: the checkpoints after a queue change (kept for files with a session that did not finish). */
export function mergeCheckpoints(previous: readonly UploadCheckpoint[], kind: UploadKind, files: readonly QueueFile[]): UploadCheckpoint[] {
  const byPath = new Map(previous.map((c) => [c.filePath, c]));
  for (const file of files) {
    if (!file.token) continue;
    if (file.status === 'success' || file.status === 'exception') byPath.delete(file.token.filePath);
    else byPath.set(file.token.filePath, { kind, name: file.name, size: file.size, filePath: file.token.filePath, percent: file.percent });
  }
  return [...byPath.values()].slice(-50);
}

export function writeCheckpoints(checkpoints: readonly UploadCheckpoint[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(CHECKPOINT_STORAGE_KEY, JSON.stringify(checkpoints));
  } catch {
    // Private mode or a full storage: resuming still works by adding the file again.
  }
}
