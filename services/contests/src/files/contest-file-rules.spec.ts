import { CONTEST_LIMITS } from '@mkt/contracts';
import { formatFileSize, isMp4Header, judgeContestFile, type MeasuredFile } from './contest-file-rules.js';

const MB = 1024 * 1024;
const video = (over: Partial<MeasuredFile> = {}): MeasuredFile => ({ size: 100 * MB, format: 'mp4', width: 1920, height: 1080, durationSeconds: 60, ...over });
const picture = (over: Partial<MeasuredFile> = {}): MeasuredFile => ({ size: MB, format: 'jpeg', width: 1920, height: 1080, durationSeconds: null, ...over });

describe('judgeContestFile', () => {
  it('accepts a 1920x1080 MP4 over 30 s and under 5 min, within 500 MB', () => {
    expect(judgeContestFile('video', video())).toEqual({ ok: true });
    expect(judgeContestFile('video', video({ durationSeconds: 30.04, size: 500 * MB }))).toEqual({ ok: true });
    expect(judgeContestFile('video', video({ durationSeconds: 299.9 }))).toEqual({ ok: true });
  });

  it.each([
    [{ size: 500 * MB + 1 }, { ok: false, tooLarge: true, maxBytes: 500 * MB }],
    [{ format: 'mov' }, { ok: false, tooLarge: false, rule: 'videoType' }],
    [{ width: 3840, height: 2160 }, { ok: false, tooLarge: false, rule: 'videoResolution' }],
    [{ width: 1080, height: 1920 }, { ok: false, tooLarge: false, rule: 'videoResolution' }],
    [{ durationSeconds: 30 }, { ok: false, tooLarge: false, rule: 'videoDuration' }],
    [{ durationSeconds: 300 }, { ok: false, tooLarge: false, rule: 'videoDuration' }],
    [{ format: null }, { ok: false, tooLarge: false, rule: 'unreadable' }],
  ])('refuses a video with %p', (over, verdict) => {
    expect(judgeContestFile('video', video(over as Partial<MeasuredFile>))).toEqual(verdict);
  });

  it('holds covers to a 1920x1080 JPG within 2 MB', () => {
    expect(judgeContestFile('cover', picture())).toEqual({ ok: true });
    expect(judgeContestFile('cover', picture({ size: 2 * MB + 1 }))).toEqual({ ok: false, tooLarge: true, maxBytes: CONTEST_LIMITS.cover.maxBytes });
    expect(judgeContestFile('cover', picture({ format: 'png' }))).toMatchObject({ rule: 'coverType' });
    expect(judgeContestFile('cover', picture({ width: 1280, height: 720 }))).toMatchObject({ rule: 'coverResolution' });
  });

  it('holds photos to a JPG within 5 MB whose long side is at most 30000 px', () => {
    expect(judgeContestFile('photo', picture({ width: 30000, height: 2000, size: 5 * MB }))).toEqual({ ok: true });
    expect(judgeContestFile('photo', picture({ width: 2000, height: 30001 }))).toMatchObject({ rule: 'photoLongSide' });
    expect(judgeContestFile('photo', picture({ format: 'webp' }))).toMatchObject({ rule: 'photoType' });
    expect(judgeContestFile('photo', picture({ size: 5 * MB + 1 }))).toMatchObject({ tooLarge: true });
  });
});

describe('isMp4Header', () => {
  const box = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from(`ftyp${brand}`)]);
  it('tells MP4 brands from QuickTime and from anything else', () => {
    expect(isMp4Header(box('isom'))).toBe(true);
    expect(isMp4Header(box('mp42'))).toBe(true);
    expect(isMp4Header(box('qt  '))).toBe(false);
    expect(isMp4Header(Buffer.from('RIFF....AVI LIST'))).toBe(false);
    expect(isMp4Header(Buffer.alloc(4))).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('shows megabytes with one decimal and small files in kilobytes', () => {
    expect(formatFileSize(612 * MB + 300 * 1024)).toBe('612.3 MB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(10)).toBe('1 KB');
  });
});
