import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { CONTEST_LIMITS, ErrorCode, contestStage, maxBytesFor, type ContestFileIdRequest, type ContestFilePartsRequest, type ContestFileStartRequest, type ContestFileStarted, type ContestFileView } from '@mkt/contracts';
import { AppError, Clock, MultipartUploadNotFoundError, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { EntriesRepository, type FileRow } from '../entries/entries.repository.js';
import { ContestSetupService } from '../setup/contest-setup.service.js';
import { CONTEST_BUCKET, ContestFileLinks } from './contest-file-links.js';
import { formatFileSize, judgeContestFile } from './contest-file-rules.js';
import { CONTEST_MEDIA_INSPECTOR, type ContestMediaInspector } from './contest-media-inspector.js';

/** How long the browser's part links work. */
export const PART_LINK_SECONDS = 3600;
/** Part links handed out with the start answer; the rest are asked for as the upload goes. */
const FIRST_PART_LINKS = 20;

const fileNotFound = () => new AppError(ErrorCode.CONTEST_FILE_NOT_FOUND, 'contestFileNotFound');

/**
 * Contest entry files (spec sections 8 and 9): the browser uploads straight to storage through
 * signed part links, as for contributors' uploads; on `finish` the server measures the file itself
 * (ffprobe, sharp) and keeps it only if it meets its role's rules. What the browser declared is
 * used only to refuse an oversized file before any byte moves. A file is its uploader's:
 * everyone else is told it does not exist.
 */
@Injectable()
export class ContestFilesService {
  constructor(
    private readonly entries: EntriesRepository,
    private readonly setup: ContestSetupService,
    private readonly links: ContestFileLinks,
    private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(CONTEST_MEDIA_INSPECTOR) private readonly inspector: ContestMediaInspector,
  ) {}

  async start(userId: string, request: ContestFileStartRequest): Promise<ContestFileStarted> {
    const contest = await this.setup.require(request.contestId);
    if (contestStage(contest.phases, this.clock.now()) !== 'submission') throw new AppError(ErrorCode.CONTEST_NOT_COLLECTING, 'contestNotCollecting');
    const track = contest.tracks.find((candidate) => candidate.id === request.trackId);
    if (!track) throw new AppError(ErrorCode.CONTEST_TRACK_NOT_FOUND, 'contestTrackNotFound');
    if ((track.kind === 'video') !== (request.role !== 'photo')) throw new AppError(ErrorCode.CONTEST_TYPE_MISMATCH, 'contestTypeMismatch');
    const maxBytes = maxBytesFor(request.role);
    if (request.fileSize > maxBytes) throw tooLarge(request.fileName, request.fileSize, maxBytes);

    const id = randomUUID();
    const objectKey = `${contest.id}/${userId}/${id}`;
    const uploadId = await this.storage.createMultipartUpload(CONTEST_BUCKET, objectKey, { contentType: request.role === 'video' ? 'video/mp4' : 'image/jpeg' });
    await this.entries.insertFile({ id, userId, contestId: contest.id, trackId: track.id, role: request.role, fileName: request.fileName, objectKey, uploadId, declaredSize: request.fileSize, createdAt: this.clock.now() });
    const partCount = Math.max(1, Math.ceil(request.fileSize / CONTEST_LIMITS.partBytes));
    const first = Array.from({ length: Math.min(partCount, FIRST_PART_LINKS) }, (_, index) => index + 1);
    return { fileId: id, partSize: CONTEST_LIMITS.partBytes, partCount, parts: await this.partLinks(objectKey, uploadId, first) };
  }

  async parts(userId: string, request: ContestFilePartsRequest): Promise<ContestFileStarted> {
    const file = await this.uploading(userId, request.fileId);
    const partCount = Math.max(1, Math.ceil(file.declaredSize / CONTEST_LIMITS.partBytes));
    const wanted = [...new Set(request.partNumbers)].filter((partNumber) => partNumber <= partCount);
    return { fileId: file.id, partSize: CONTEST_LIMITS.partBytes, partCount, parts: await this.partLinks(file.objectKey, file.uploadId!, wanted) };
  }

  /** Assembles the parts, measures the file and keeps it, or deletes it and says which rule it breaks. */
  async finish(userId: string, request: ContestFileIdRequest): Promise<ContestFileView> {
    const file = await this.entries.ownFile(userId, request.fileId);
    if (!file) throw fileNotFound();
    if (file.status === 'ready') return this.links.view(file);
    const parts = await this.storage.listParts(CONTEST_BUCKET, file.objectKey, file.uploadId!).catch((error: unknown) => {
      if (error instanceof MultipartUploadNotFoundError) return null;
      throw error;
    });
    if (!parts) throw fileNotFound();
    // Nothing arrived yet: the links still work, so the upload stays open for another try.
    if (parts.length === 0) throw new AppError(ErrorCode.CONTEST_NO_VALID_FILES, 'contestNoValidFiles');
    const maxBytes = maxBytesFor(file.role);
    const uploaded = parts.reduce((sum, part) => sum + part.size, 0);
    if (uploaded > maxBytes) {
      await this.storage.abortMultipartUpload(CONTEST_BUCKET, file.objectKey, file.uploadId!);
      await this.entries.deleteFile(file.id);
      throw tooLarge(file.fileName, uploaded, maxBytes);
    }
    const stored = await this.storage.completeMultipartUpload(
      CONTEST_BUCKET,
      file.objectKey,
      file.uploadId!,
      parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag })),
    );
    const inspected = await this.measure(file);
    const verdict = judgeContestFile(file.role, { ...inspected, size: stored.size });
    if (!verdict.ok) {
      await this.storage.delete(CONTEST_BUCKET, file.objectKey);
      await this.entries.deleteFile(file.id);
      if (verdict.tooLarge) throw tooLarge(file.fileName, stored.size, verdict.maxBytes);
      throw new AppError(ErrorCode.CONTEST_FILE_INVALID, 'contestFileInvalid', { fileName: file.fileName, rule: verdict.rule });
    }
    const facts = {
      size: stored.size,
      width: inspected.width,
      height: inspected.height,
      durationMs: inspected.durationSeconds === null ? null : Math.round(inspected.durationSeconds * 1000),
      phashes: inspected.phashes,
    };
    await this.entries.markFileReady(file.id, facts);
    return this.links.view({ ...file, ...facts, status: 'ready', uploadId: null });
  }

  private async uploading(userId: string, fileId: string): Promise<FileRow> {
    const file = await this.entries.ownFile(userId, fileId);
    if (!file || file.status !== 'uploading' || !file.uploadId) throw fileNotFound();
    return file;
  }

  private partLinks(objectKey: string, uploadId: string, partNumbers: number[]) {
    return Promise.all(
      partNumbers.map(async (partNumber) => ({ partNumber, url: await this.storage.signedPartUploadUrl(CONTEST_BUCKET, objectKey, uploadId, partNumber, PART_LINK_SECONDS) })),
    );
  }

  /** The tools read files, not streams: the object is copied to a scratch folder for the check. */
  private async measure(file: FileRow) {
    const dir = await mkdtemp(join(tmpdir(), 'contest-file-'));
    try {
      const path = join(dir, 'original');
      const { stream } = await this.storage.get(CONTEST_BUCKET, file.objectKey);
      await pipeline(stream, createWriteStream(path));
      return await this.inspector.inspect(file.role, path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

function tooLarge(fileName: string, size: number, maxBytes: number): AppError {
  return new AppError(ErrorCode.CONTEST_FILE_TOO_LARGE, 'contestFileTooLarge', { fileName, fileSize: formatFileSize(size), maxMb: maxBytes / (1024 * 1024) });
}
