import { serverMessages } from '../messages.js';
import {
  UPLOAD_LIMITS,
  splitKeywords,
  checkDuplicateName,
  checkPhotoDimensions,
  checkPhotoFile,
  checkVideoContent,
  checkVideoFile,
  type UploadRuleKey,
} from './api.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('video file rules (production limits)', () => {
  it('accepts an .mp4 from 10 MB to 3 GB, either case of extension', () => {
    expect(checkVideoFile({ name: 'a.mp4', size: 10 * MB })).toBeNull();
    expect(checkVideoFile({ name: 'A.MP4', size: 3 * GB })).toBeNull();
  });

  it('refuses other types, over 3 GB and under 10 MB with the spec wording', () => {
    expect(checkVideoFile({ name: 'a.mov', size: 20 * MB })?.key).toBe('uploadUnsupportedType');
    expect(checkVideoFile({ name: 'mp4', size: 20 * MB })?.key).toBe('uploadUnsupportedType');
    expect(checkVideoFile({ name: 'a.mp4', size: 3 * GB + 1 })?.key).toBe('uploadVideoTooLarge');
    expect(checkVideoFile({ name: 'a.mp4', size: 10 * MB - 1 })).toEqual({ key: 'uploadVideoTooSmall', params: { fileSize: '10.00MB' } });
    expect(serverMessages.en.uploadUnsupportedType).toBe('unsupported file type');
    expect(serverMessages.en.uploadVideoTooLarge).toBe('file must not exceed 3GB ({fileSize})');
    expect(serverMessages.en.uploadVideoTooSmall).toBe('file must not be smaller than 10MB ({fileSize})');
  });

  it('honours a lower minimum only when one is passed', () => {
    expect(checkVideoFile({ name: 'a.mp4', size: MB }, { videoMinBytes: 1000 })).toBeNull();
    expect(checkVideoFile({ name: 'a.mp4', size: MB })?.key).toBe('uploadVideoTooSmall');
  });
});

describe('video content rules', () => {
  const good = { codec: 'h264', width: 1920, height: 1080, durationSeconds: 3 };
  it('accepts H.264 and H.265 at 1080p or more, 3 s or longer, portrait included', () => {
    expect(checkVideoContent(good)).toBeNull();
    expect(checkVideoContent({ ...good, codec: 'hevc', width: 3840, height: 2160 })).toBeNull();
    expect(checkVideoContent({ ...good, width: 1080, height: 1920 })).toBeNull();
  });
  it.each<[object | null, UploadRuleKey]>([
    [null, 'uploadVideoUnreadable'],
    [{ ...good, codec: 'mpeg4' }, 'uploadVideoCodec'],
    [{ ...good, codec: 'prores' }, 'uploadVideoCodec'],
    [{ ...good, width: 1280, height: 720 }, 'uploadVideoResolution'],
    [{ ...good, width: 1920, height: 1078 }, 'uploadVideoResolution'],
    [{ ...good, durationSeconds: 2.99 }, 'uploadVideoDuration'],
    [{ ...good, durationSeconds: null }, 'uploadVideoDuration'],
  ])('refuses %j with %s', (facts, key) => {
    expect(checkVideoContent(facts as never)?.key).toBe(key);
  });
});

describe('photo rules (production limits)', () => {
  it('accepts jpg, jpeg and png up to 50 MB, 10 to 250 megapixels, 30000 px a side', () => {
    expect(checkPhotoFile({ name: 'a.jpg', size: 50 * MB }, { width: 4000, height: 3000 })).toBeNull();
    expect(checkPhotoFile({ name: 'a.JPEG', size: MB }, { width: 4000, height: 2500 })).toBeNull();
    expect(checkPhotoFile({ name: 'a.png', size: MB }, { width: 25000, height: 10000 })).toBeNull();
  });
  it.each<[string, number, { width: number; height: number } | null, UploadRuleKey]>([
    ['a.gif', MB, { width: 4000, height: 3000 }, 'uploadUnsupportedType'],
    ['a.jpg', 50 * MB + 1, { width: 4000, height: 3000 }, 'uploadPhotoTooLarge'],
    ['a.jpg', MB, { width: 3999, height: 2500 }, 'uploadPhotoBelowMegapixels'],
    ['a.jpg', MB, { width: 20000, height: 12501 }, 'uploadPhotoAboveMegapixels'],
    ['a.jpg', MB, { width: 30001, height: 400 }, 'uploadPhotoSideTooLong'],
    ['a.jpg', MB, { width: 400, height: 30001 }, 'uploadPhotoSideTooLong'],
    ['a.jpg', MB, null, 'uploadPhotoUnreadable'],
  ])('refuses %s of %d bytes at %j with %s', (name, size, dims, key) => {
    expect(checkPhotoFile({ name, size }, dims)?.key).toBe(key);
  });
  it('words each refusal as the spec does', () => {
    expect(serverMessages.en.uploadPhotoTooLarge).toBe('file size must not exceed 50MB ({fileSize})');
    expect(serverMessages.en.uploadPhotoBelowMegapixels).toBe('resolution must not be below 10 megapixels');
    expect(serverMessages.en.uploadPhotoAboveMegapixels).toBe('resolution must not exceed 250 megapixels');
    expect(serverMessages.en.uploadPhotoSideTooLong).toBe('width or height must not exceed 30000 pixels');
    expect(checkPhotoDimensions({ width: 0, height: 10 })?.key).toBe('uploadPhotoUnreadable');
  });
});

describe('queue rules', () => {
  it('refuses a name already in the queue and names the empty queue', () => {
    expect(checkDuplicateName('a.mp4', ['b.mp4', 'a.mp4'])?.key).toBe('uploadDuplicateName');
    expect(checkDuplicateName('c.mp4', ['b.mp4'])).toBeNull();
    expect(serverMessages.en.uploadQueueEmpty).toBe('there are no files to upload currently');
  });
  it('declares the transfer limits of the spec', () => {
    expect(UPLOAD_LIMITS).toMatchObject({ partSize: MB, parallelParts: 10, partRetries: 3, desktopUploaderVersion: '2.3.2' });
    expect(UPLOAD_LIMITS.speedFloorBytesPerSecond).toBeCloseTo(0.01 * MB);
  });
});

describe('keywords as typed', () => {
  it('splits on commas of either width, ideographic commas, semicolons and new lines, keeping spaces inside a keyword', () => {
    expect(splitKeywords(' city lights, 夜景，延时、 time lapse ;skyline\n\n,')).toEqual(['city lights', '夜景', '延时', 'time lapse', 'skyline']);
    expect(splitKeywords('')).toEqual([]);
  });
});
