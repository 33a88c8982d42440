import { chooseBinary } from './media-binaries.js';

describe('chooseBinary', () => {
  it('prefers the override, then PATH, then the bundled npm build', () => {
    expect(chooseBinary('ffmpeg', { override: '/opt/ff', onPath: '/usr/bin/ffmpeg', bundled: '/nm/ffmpeg' })).toBe('/opt/ff');
    expect(chooseBinary('ffmpeg', { override: '', onPath: '/usr/bin/ffmpeg', bundled: '/nm/ffmpeg' })).toBe('/usr/bin/ffmpeg');
    expect(chooseBinary('ffmpeg', { bundled: '/nm/ffmpeg' })).toBe('/nm/ffmpeg');
  });

  it('names the setting to use when there is none', () => {
    expect(() => chooseBinary('ffprobe', {})).toThrow(/FFPROBE_PATH/);
  });
});
