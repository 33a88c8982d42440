import { buildPreviewStreamArgs, masterPlaylist, planStreamRenditions, playlistSegments } from './preview-stream.js';

describe('planStreamRenditions', () => {
  it('streams a 480p preview at 480 and 240 lines, keeping the aspect ratio with even sizes', () => {
    expect(planStreamRenditions({ width: 854, height: 480 })).toEqual([
      { name: '480p', width: 854, height: 480, crf: 24 },
      { name: '240p', width: 428, height: 240, crf: 26 },
    ]);
  });

  it('never upscales: a short preview is its own top rendition, and one below 240 lines is the only one', () => {
    expect(planStreamRenditions({ width: 640, height: 360 }).map((r) => `${r.width}x${r.height}`)).toEqual(['640x360', '426x240']);
    expect(planStreamRenditions({ width: 320, height: 180 }).map((r) => r.name)).toEqual(['180p']);
  });

  it('keeps an upright phone clip upright', () => {
    expect(planStreamRenditions({ width: 270, height: 480 }).map((r) => `${r.width}x${r.height}`)).toEqual(['270x480', '136x240']);
  });
});

describe('buildPreviewStreamArgs', () => {
  const renditions = planStreamRenditions({ width: 854, height: 480 });

  it('decodes once and writes one HLS output per rendition, a keyframe starting every segment', () => {
    const args = buildPreviewStreamArgs('/w/preview.mp4', renditions, '/w/out');
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:v]split=2[s0][s1];[s0]scale=854:480,setsar=1,format=yuv420p[r0];[s1]scale=428:240,setsar=1,format=yuv420p[r1]');
    expect(args.filter((arg) => arg === 'hls')).toHaveLength(2);
    expect(args.filter((arg) => arg === 'expr:gte(t,n_forced*2)')).toHaveLength(2);
    expect(args).toContain('/w/out/480p/%03d.ts');
    expect(args.at(-1)).toBe('/w/out/240p/index.m3u8');
    expect(args).not.toContain('-reconnect');
  });

  it('reads a link with reconnection', () => {
    const args = buildPreviewStreamArgs('http://store/renditions/p.mp4?X-Amz-Signature=1', renditions, '/w/out');
    expect(args.indexOf('-reconnect')).toBeLessThan(args.indexOf('-i'));
  });
});

describe('masterPlaylist', () => {
  it('lists the smallest rendition first with its bandwidths, size and codecs', () => {
    const [top, low] = planStreamRenditions({ width: 854, height: 480 });
    const text = masterPlaylist([
      { rendition: top!, peakBandwidth: 900_000, averageBandwidth: 700_000 },
      { rendition: low!, peakBandwidth: 250_000, averageBandwidth: 200_000 },
    ]);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=250000,AVERAGE-BANDWIDTH=200000,RESOLUTION=428x240,CODECS="avc1.4d401f"',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=700000,RESOLUTION=854x480,CODECS="avc1.4d401f"',
      '480p/index.m3u8',
      '',
    ]);
  });
});

describe('playlistSegments', () => {
  it('pairs each segment with the duration before it, ignoring tags and blank lines', () => {
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\n000.ts\n\n#EXTINF:1.5,\r\n001.ts\r\n#EXT-X-ENDLIST\n';
    expect(playlistSegments(playlist)).toEqual([
      { uri: '000.ts', seconds: 2 },
      { uri: '001.ts', seconds: 1.5 },
    ]);
  });
});
