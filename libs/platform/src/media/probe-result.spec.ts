import { parseProbeOutput, parseRate } from './probe-result.js';

describe('parseProbeOutput', () => {
  it('reads codec, size, rate, duration and colour tags from the video stream', () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: 'audio', codec_name: 'aac' },
        { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, avg_frame_rate: '25/1', r_frame_rate: '25/1', duration: '4.000000', color_space: 'bt709', color_transfer: 'bt709' },
      ],
      format: { duration: '4.010000' },
    });
    expect(parseProbeOutput(json)).toEqual({ codec: 'h264', width: 1280, height: 720, fps: 25, durationSeconds: 4, colorSpace: 'bt709', colorTransfer: 'bt709' });
  });

  it('falls back to the container duration, and treats untagged colour as unknown', () => {
    const json = JSON.stringify({ streams: [{ codec_type: 'video', codec_name: 'h264', width: 2, height: 2, avg_frame_rate: '0/0', r_frame_rate: '30000/1001', color_space: 'unknown' }], format: { duration: '2.5' } });
    expect(parseProbeOutput(json)).toMatchObject({ fps: 29.97, durationSeconds: 2.5, colorSpace: null, colorTransfer: null });
  });

  it('refuses a file without video', () => {
    expect(() => parseProbeOutput('{"streams":[]}')).toThrow(/no video stream/);
  });
});

describe('parseRate', () => {
  it.each([
    ['25/1', 25],
    ['30000/1001', 29.97],
    ['0/0', null],
    [undefined, null],
  ])('%s → %s', (rate, fps) => expect(parseRate(rate)).toBe(fps));
});
