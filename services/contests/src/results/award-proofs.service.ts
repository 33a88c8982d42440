import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { CONTEST_LIMITS, ErrorCode, type Language, type MyAwardView, type ProofLinkRequest } from '@mkt/contracts';
import { AppError, Clock, MultipartUploadNotFoundError, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { CONTEST_BUCKET } from '../files/contest-file-links.js';
import { formatFileSize } from '../files/contest-file-rules.js';
import { ContestsRepository } from '../setup/contests.repository.js';
import { ResultsRepository } from './results.repository.js';
import { ResultsService } from './results.service.js';

/** How long the browser's upload link works. */
export const PROOF_LINK_SECONDS = 600;

const noProofAsked = () => new AppError(ErrorCode.CONTEST_ENTRY_NOT_FOUND, 'contestEntryNotFound');

/**
 * Proof for an owner or student award (spec section 9: the flags "require later proof"): the
 * winner uploads one file through a signed link, and it is kept only if its bytes are a JPEG, a
 * PNG or a PDF within 10 MB. A new proof replaces the last one.
 */
@Injectable()
export class AwardProofsService {
  constructor(
    private readonly results: ResultsRepository,
    private readonly contests: ContestsRepository,
    private readonly outcomes: ResultsService,
    private readonly clock: Clock,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async link(userId: string, request: ProofLinkRequest): Promise<{ url: string; expiresInSeconds: number }> {
    if (request.fileSize > CONTEST_LIMITS.proofMaxBytes) {
      throw new AppError(ErrorCode.CONTEST_FILE_TOO_LARGE, 'contestFileTooLarge', { fileName: request.fileName, fileSize: formatFileSize(request.fileSize), maxMb: CONTEST_LIMITS.proofMaxBytes / (1024 * 1024) });
    }
    return this.contests.transaction(async (manager) => {
      const award = await this.results.award(manager, request.entryId, userId);
      if (!award || !award.proofNeeded) throw noProofAsked();
      if (award.proofUploadId && award.proofKey) await this.storage.abortMultipartUpload(CONTEST_BUCKET, award.proofKey, award.proofUploadId).catch(() => undefined);
      const key = `${award.contestId}/${userId}/proof-${award.entryId}-${this.clock.now().getTime()}`;
      const uploadId = await this.storage.createMultipartUpload(CONTEST_BUCKET, key, { contentType: 'application/octet-stream' });
      await this.results.startProof(manager, award.entryId, { key, uploadId, fileName: request.fileName });
      return { url: await this.storage.signedPartUploadUrl(CONTEST_BUCKET, key, uploadId, 1, PROOF_LINK_SECONDS), expiresInSeconds: PROOF_LINK_SECONDS };
    });
  }

  async finish(userId: string, entryId: number, language: Language): Promise<MyAwardView> {
    await this.contests.transaction(async (manager) => {
      const award = await this.results.award(manager, entryId, userId);
      if (!award || !award.proofNeeded || !award.proofUploadId || !award.proofKey) throw noProofAsked();
      const key = award.proofKey;
      const parts = await this.storage.listParts(CONTEST_BUCKET, key, award.proofUploadId).catch((error: unknown) => {
        if (error instanceof MultipartUploadNotFoundError) return null;
        throw error;
      });
      const part = parts?.find((candidate) => candidate.partNumber === 1);
      if (!part) throw new AppError(ErrorCode.CONTEST_NO_VALID_FILES, 'contestNoValidFiles');
      const stored = await this.storage.completeMultipartUpload(CONTEST_BUCKET, key, award.proofUploadId, [{ partNumber: 1, etag: part.etag }]);
      const fileName = award.proofFileName ?? 'proof';
      if (stored.size > CONTEST_LIMITS.proofMaxBytes || !(await isProofFile(await this.read(key)))) {
        await this.storage.delete(CONTEST_BUCKET, key);
        await this.results.endProof(manager, entryId, null);
        if (stored.size > CONTEST_LIMITS.proofMaxBytes) {
          throw new AppError(ErrorCode.CONTEST_FILE_TOO_LARGE, 'contestFileTooLarge', { fileName, fileSize: formatFileSize(stored.size), maxMb: CONTEST_LIMITS.proofMaxBytes / (1024 * 1024) });
        }
        throw new AppError(ErrorCode.CONTEST_FILE_INVALID, 'contestFileInvalid', { fileName, rule: 'proofType' });
      }
      await this.results.endProof(manager, entryId, this.clock.now());
    });
    return (await this.outcomes.myAwards(userId, language)).find((award) => award.entryId === entryId)!;
  }

  private async read(key: string): Promise<Buffer> {
    const { stream } = await this.storage.get(CONTEST_BUCKET, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** A whole JPEG or PNG (sharp decodes it), or a PDF by its header and end marker. */
export async function isProofFile(bytes: Buffer): Promise<boolean> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return bytes.subarray(-1024).toString('latin1').includes('%%EOF');
  try {
    const meta = await sharp(bytes, { limitInputPixels: 200_000_000 }).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png') return false;
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: 200_000_000 }).resize(32).toBuffer();
    return true;
  } catch {
    return false;
  }
}
