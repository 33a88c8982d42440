import { Inject, Injectable } from '@nestjs/common';
import type { ContestFileView } from '@mkt/contracts';
import { OBJECT_STORAGE, type BucketName, type ObjectStorage } from '@mkt/platform';
import type { FileRow } from '../entries/entries.repository.js';

export const CONTEST_BUCKET = 'contest-entries' satisfies BucketName;
/** Long enough to watch a five-minute video, short enough that a copied link soon stops working. */
export const FILE_LINK_SECONDS = 900;

/** Entry files as their owner, the judges and the winners' gallery see them: facts and a short-lived link. */
@Injectable()
export class ContestFileLinks {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async view(file: FileRow): Promise<ContestFileView> {
    const url = file.status === 'ready' ? await this.storage.signedGetUrl(CONTEST_BUCKET, file.objectKey, FILE_LINK_SECONDS) : null;
    return {
      id: file.id,
      role: file.role,
      fileName: file.fileName,
      size: file.size ?? file.declaredSize,
      width: file.width,
      height: file.height,
      durationSeconds: file.durationMs === null ? null : file.durationMs / 1000,
      url,
    };
  }

  /** A short-lived link to any object of the bucket the caller may show (an award's proof). */
  signedLink(objectKey: string): Promise<string> {
    return this.storage.signedGetUrl(CONTEST_BUCKET, objectKey, FILE_LINK_SECONDS);
  }

  views(files: FileRow[]): Promise<ContestFileView[]> {
    return Promise.all(files.map((file) => this.view(file)));
  }
}
