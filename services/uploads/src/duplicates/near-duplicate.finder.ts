import { Injectable } from '@nestjs/common';
import type { DuplicateRelation } from '@mkt/contracts';
import { detailIsFlat, detailSimilarity } from '@mkt/platform/media';
import { confirmSources } from '@mkt/platform/visual';
import type { NearDuplicate } from '../entities/upload.entity.js';
import type { ComparedFrame } from '../pipeline/media-processor.js';
import { UploadFrameIndex } from './upload-frame-index.service.js';
import { UploadFramesRepository, type FrameOwner } from './upload-frames.repository.js';

/**
 * A frame of this upload and one of another's are the same picture when their hashes are within
 * CANDIDATE_DISTANCE bits and their detail grids, averaged to 16x16, correlate at MIN_SIMILARITY.
 * Uploads are whole files re-encoded, not a buyer's cropped and captioned screenshot, so hashes
 * stay closer than search by image's 14 bits allow for, and the index probes far fewer buckets
 * (at ten million frames 0.85 ms a frame instead of 4).
 */
const CANDIDATE_DISTANCE = 11;
const MIN_SIMILARITY = 0.9;
const CANDIDATES_PER_FRAME = 20;
/** Two clips share footage when this many frame pairs agree on one offset between them (or every frame of the shorter). */
const AGREEING_FRAMES = 2;
/** How far apart two pairs' offsets may be and still agree: frames are sampled every 2 s and at cuts. */
const OFFSET_TOLERANCE_MS = 1_200;
/** One clip counts as part of the other when it is at most this share of the other's length. */
const PART_OF = 0.8;
const LISTED = 5;
const TIME_CODES = 8;

export interface UploadUnderCheck {
  id: number;
  kind: 'video' | 'photo';
  durationSeconds: number | null;
  frames: readonly ComparedFrame[];
}

interface FramePair {
  timeMs: number;
  theirTimeMs: number;
  distance: number;
}

/**
 * The near-duplicate check at ingest, as an index lookup: each frame of the new upload is looked
 * up in the frame index of every processed upload, confirmed on its detail, and the uploads
 * sharing footage with it are listed, with where: the same picture or clip, this one a re-cut
 * found inside a longer one, or a longer one containing the other. The contributor's own earlier
 * uploads are listed too and the reviewer sees whose they are.
 */
@Injectable()
export class NearDuplicateFinder {
  constructor(
    private readonly index: UploadFrameIndex,
    private readonly frames: UploadFramesRepository,
  ) {}

  async find(upload: UploadUnderCheck): Promise<NearDuplicate[]> {
    // A fade or a slate is the same in every clip: only frames with something in them are compared.
    const telling = upload.frames.filter((frame) => !detailIsFlat(frame.detail));
    if (telling.length === 0) return [];
    const perFrame = await this.index.search(
      telling.map((frame) => frame.hash),
      CANDIDATE_DISTANCE,
      CANDIDATES_PER_FRAME,
      (uploadId) => uploadId !== upload.id,
    );
    const candidateIds = [...new Set(perFrame.flat().map((match) => match.materialId))];
    const owners = await this.frames.owners(candidateIds);
    const details = await this.frames.details([...owners.keys()]);

    const pairs = new Map<number, FramePair[]>();
    telling.forEach((frame, i) => {
      const live = perFrame[i]!.filter((match) => owners.has(match.materialId));
      for (const confirmed of confirmSources(frame, live, details, MIN_SIMILARITY, detailSimilarity)) {
        const list = pairs.get(confirmed.materialId) ?? [];
        list.push({ timeMs: frame.timeMs, theirTimeMs: confirmed.timeMs, distance: confirmed.distance });
        pairs.set(confirmed.materialId, list);
      }
    });

    const found: (NearDuplicate & { agreeing: number })[] = [];
    for (const [id, list] of pairs) {
      const owner = owners.get(id)!;
      const theirFrames = (details.get(id) ?? []).filter((frame) => !detailIsFlat(frame.detail)).length;
      const agreeing = agreeingPairs(list);
      const needed = upload.kind === 'photo' || owner.kind === 'photo' ? 1 : Math.min(AGREEING_FRAMES, telling.length, Math.max(1, theirFrames));
      if (agreeing.length < needed) continue;
      found.push({
        id,
        contributorId: owner.contributorId,
        fileName: owner.fileName,
        distance: Math.min(...agreeing.map((pair) => pair.distance)),
        relation: relationOf(upload, owner),
        matches: agreeing.slice(0, TIME_CODES).map(({ timeMs, theirTimeMs }) => ({ timeMs, theirTimeMs })),
        agreeing: agreeing.length,
      });
    }
    return found
      .sort((a, b) => b.agreeing - a.agreeing || a.distance - b.distance || a.id - b.id)
      .slice(0, LISTED)
      .map(({ agreeing: _agreeing, ...duplicate }) => duplicate);
  }
}

/**
 * The largest set of pairs that agree on one offset between the two clips (theirs − ours), in
 * this upload's time order: footage copied keeps its frames in step, chance look-alikes do not.
 */
export function agreeingPairs(pairs: readonly FramePair[]): FramePair[] {
  let best: FramePair[] = [];
  for (const anchor of pairs) {
    const offset = anchor.theirTimeMs - anchor.timeMs;
    const agreeing = pairs.filter((pair) => Math.abs(pair.theirTimeMs - pair.timeMs - offset) <= OFFSET_TOLERANCE_MS);
    if (agreeing.length > best.length) best = agreeing;
  }
  // One pair per frame of ours (its best), in our time order.
  const byTime = new Map<number, FramePair>();
  for (const pair of best) {
    const kept = byTime.get(pair.timeMs);
    if (!kept || pair.distance < kept.distance) byTime.set(pair.timeMs, pair);
  }
  return [...byTime.values()].sort((a, b) => a.timeMs - b.timeMs);
}

/** Whether this upload is the other's footage, part of it, or holds it. */
export function relationOf(upload: Pick<UploadUnderCheck, 'kind' | 'durationSeconds'>, theirs: Pick<FrameOwner, 'kind' | 'durationSeconds'>): DuplicateRelation {
  if (upload.kind === 'photo' && theirs.kind === 'photo') return 'same';
  if (upload.kind === 'photo') return 'insideTheirs';
  if (theirs.kind === 'photo') return 'containsTheirs';
  const ours = upload.durationSeconds ?? 0;
  const other = theirs.durationSeconds ?? 0;
  if (ours > 0 && other > 0 && ours <= other * PART_OF) return 'insideTheirs';
  if (ours > 0 && other > 0 && other <= ours * PART_OF) return 'containsTheirs';
  return 'same';
}
