import type { DemoMediaSpec } from '../media/index.js';
import { planVideoRender } from '../media/video-render-plan.js';
import { sceneLight } from '../media/scene-svg.js';
import { DEMO_SUBJECTS, type DemoSubject } from './demo-catalogue-data.js';

/**
 * The demo catalogue as a list of items, each with its own picture (no two materials share a
 * file) and a title that says what that picture shows: the subject's scene, then the camera's
 * move for a clip or where the sun or moon stands in a photo. Sizes follow the upload rules of
 * spec section 8 (clips at least 1080P, photos at least 10 megapixels), so the demo lists what a
 * contributor could have uploaded. Ordered cheapest first, kinds interleaved by render cost, so
 * the store fills with both kinds at once and the slow 4K clips come last. Titles are stored
 * without punctuation (spec section 5's text helpers), so they are phrased to read well without
 * any. Pure.
 */
export interface DemoItem {
  /** Names the item's stored media (`demo/<key>/…`) and, through its original, its material. */
  key: string;
  kind: 'video' | 'photo';
  /** Position among the items of its kind: drives the deterministic details (sales, dates, releases). */
  index: number;
  spec: DemoMediaSpec;
  subject: DemoSubject;
  titleZh: string;
  titleEn: string;
}

export const VIDEO_SHARE = 0.55;
/** Every 16th clip is 4K: a full demo has a few, a small test demo none. */
const UHD_EVERY = 16;
const PHOTO_WIDTHS = [4000, 4500, 5472, 6000] as const;

export function planDemoCatalogue(size: number): DemoItem[] {
  const videoCount = Math.round(size * VIDEO_SHARE);
  const photoCount = size - videoCount;
  const videoSubjects = DEMO_SUBJECTS.filter((s) => s.kind === 'video');
  const photoSubjects = DEMO_SUBJECTS.filter((s) => s.kind === 'photo');
  const videos = Array.from({ length: videoCount }, (_, j) => videoItem(j, videoSubjects[j % videoSubjects.length]!));
  const photos = Array.from({ length: photoCount }, (_, j) => photoItem(j, photoSubjects[j % photoSubjects.length]!));
  const uhd = videos.filter((item) => item.spec.height >= 2160);
  return [...interleaveByCost(photos, videos.filter((item) => item.spec.height < 2160)), ...uhd];
}

/** Seconds of work, roughly: what decides the order, not a promise. */
export function renderCost(spec: DemoMediaSpec): number {
  const megapixels = (spec.width * spec.height) / 1e6;
  return spec.kind === 'photo' ? 0.1 * megapixels : 0.5 * megapixels * (spec.durationSeconds ?? 1);
}

function videoItem(j: number, subject: DemoSubject): DemoItem {
  const uhd = j % UHD_EVERY === UHD_EVERY - 1;
  const spec: DemoMediaSpec = {
    key: `video-${String(j).padStart(3, '0')}`,
    kind: 'video',
    seed: 1000 + j,
    label: subject.titleEn,
    width: uhd ? 3840 : 1920,
    height: uhd ? 2160 : 1080,
    durationSeconds: uhd ? 5 : 5 + (j % 4) * 2,
    fps: j % 5 === 0 ? 30 : 25,
    palette: subject.palette,
  };
  const { camera } = planVideoRender(spec);
  const forward = camera.zoomTo > camera.zoomFrom;
  const [zh, en] = subject.aerial
    ? forward ? ['向前飞行', 'as the drone flies forward'] : ['后退拉升', 'as the drone rises back']
    : forward ? ['镜头缓慢推进', 'as the camera moves in'] : ['镜头缓慢拉远', 'as the camera pulls back'];
  return { key: spec.key, kind: 'video', index: j, spec, subject, titleZh: `${subject.titleZh} ${zh}`, titleEn: `${subject.titleEn} ${en}` };
}

function photoItem(j: number, subject: DemoSubject): DemoItem {
  const width = PHOTO_WIDTHS[j % PHOTO_WIDTHS.length]!;
  const spec: DemoMediaSpec = {
    key: `photo-${String(j).padStart(3, '0')}`,
    kind: 'photo',
    seed: 5000 + j,
    label: subject.titleEn,
    width,
    height: Math.round((width * 2) / 3),
    palette: subject.palette,
  };
  const where = lightWords(spec);
  return {
    key: spec.key,
    kind: 'photo',
    index: j,
    spec,
    subject,
    titleZh: where ? `${subject.titleZh} ${where[0]}` : subject.titleZh,
    titleEn: where ? `${subject.titleEn} ${where[1]}` : subject.titleEn,
  };
}

/** Where the light stands in a photo, in words, for the palettes whose sun or moon is plain to see. */
function lightWords(spec: DemoMediaSpec): readonly [string, string] | null {
  const body = spec.palette === 'night' ? (['月亮', 'moon'] as const) : ['sunset', 'ocean', 'forest', 'city', 'desert'].includes(spec.palette) ? (['太阳', 'sun'] as const) : null;
  if (!body) return null;
  const { x } = sceneLight(spec.seed);
  if (x < 0.4) return [`${body[0]}偏左`, `with the ${body[1]} on the left`];
  if (x > 0.6) return [`${body[0]}偏右`, `with the ${body[1]} on the right`];
  return [`${body[0]}居中`, `with the ${body[1]} in the middle`];
}

/** Takes next whichever kind has cost less so far, so both kinds keep appearing from the start. */
function interleaveByCost(a: DemoItem[], b: DemoItem[]): DemoItem[] {
  const result: DemoItem[] = [];
  let [i, j, costA, costB] = [0, 0, 0, 0];
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && costA <= costB)) {
      costA += renderCost(a[i]!.spec);
      result.push(a[i++]!);
    } else {
      costB += renderCost(b[j]!.spec);
      result.push(b[j++]!);
    }
  }
  return result;
}
