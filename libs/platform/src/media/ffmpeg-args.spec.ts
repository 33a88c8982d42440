import {
  buildDeliveryArgs,
  buildKeyframeArgs,
  buildProbeArgs,
  buildRenditionArgs,
  buildRenditionFilterGraph,
  inputOptions,
  planRenditions,
  type RenditionPaths,
} from './ffmpeg-args.js';

/** A presigned link as the S3 store gives one: the extension is followed by a query string. */
const LINK = 'http://minio:9000/mkt-originals/contrib/u/s/original.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=21600&X-Amz-Signature=ab12';

describe('buildProbeArgs', () => {
  it('asks ffprobe for streams and format as JSON', () => {
    expect(buildProbeArgs('/w/original.mp4')).toEqual(['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', '/w/original.mp4']);
  });
});

describe('planRenditions', () => {
  it('keeps the aspect ratio at 480 lines with even sizes', () => {
    expect(planRenditions({ width: 1920, height: 1080, durationSeconds: 10 })).toMatchObject({ previewWidth: 854, previewHeight: 480, durationSeconds: 10 });
    expect(planRenditions({ width: 4096, height: 2160, durationSeconds: 4 })).toMatchObject({ previewWidth: 910, previewHeight: 480 });
  });

  it('never upscales a short frame and survives an unknown duration', () => {
    expect(planRenditions({ width: 640, height: 360, durationSeconds: null })).toMatchObject({ previewWidth: 640, previewHeight: 360, durationSeconds: 1 });
  });
});

describe('buildRenditionArgs', () => {
  const paths: RenditionPaths = {
    input: '/w/in.mp4',
    watermark: '/w/wm.png',
    preview: '/w/p.mp4',
    sample: '/w/s.mp4',
    strip: '/w/strip.png',
    thumbnailFrame: '/w/t.png',
  };
  const plan = planRenditions({ width: 1920, height: 1080, durationSeconds: 10 });

  it('writes the four renditions from one decode, each mapped from its own graph output', () => {
    const args = buildRenditionArgs(plan, paths);
    expect(args.filter((a) => a === '-i')).toHaveLength(2);
    for (const [label, path] of [['[preview]', paths.preview], ['[sample]', paths.sample], ['[strip]', paths.strip], ['[thumbnail]', paths.thumbnailFrame]] as const) {
      const at = args.indexOf(label);
      expect(args[at - 1]).toBe('-map');
      expect(args.indexOf(path)).toBeGreaterThan(at);
    }
    expect(args.filter((a) => a === 'libx264')).toHaveLength(2);
    expect(args).toContain('-an');
  });

  it('spreads the strip over the whole clip and takes the thumbnail at a third', () => {
    const graph = buildRenditionFilterGraph(plan);
    expect(graph).toContain('scale=854:480');
    expect(graph).toContain('fps=1,');
    expect(graph).toContain('tile=10x1');
    expect(graph).toContain("gte(t\\,3.3333)");
    expect(graph).toContain('[toSample][1:v]overlay=0:0');
  });
});

describe('buildKeyframeArgs', () => {
  it('seeks before the input so only one frame is decoded', () => {
    const args = buildKeyframeArgs('/w/in.mp4', 2.5, '/w/k.png');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.slice(-1)).toEqual(['/w/k.png']);
  });
});

describe('buildDeliveryArgs', () => {
  it('scales both sides by one factor to even sizes, keeps audio if any, and encodes H.264 high quality', () => {
    const args = buildDeliveryArgs('/w/in.mp4', '/w/out.mp4', 0.5);
    expect(args.slice(args.indexOf('-vf'), args.indexOf('-vf') + 2)).toEqual(['-vf', 'scale=trunc(iw*0.5/2)*2:trunc(ih*0.5/2)*2:flags=lanczos,setsar=1,format=yuv420p']);
    expect(args).toEqual(expect.arrayContaining(['-map', '0:v:0', '0:a?', 'libx264', '18', 'aac', '+faststart']));
    expect(args.indexOf('/w/in.mp4')).toBeLessThan(args.indexOf('/w/out.mp4'));
    expect(args.at(-1)).toBe('/w/out.mp4');
  });

  it('refuses a factor that would not reduce the file', () => {
    expect(() => buildDeliveryArgs('/a', '/b', 1)).toThrow(RangeError);
    expect(() => buildDeliveryArgs('/a', '/b', 0)).toThrow(RangeError);
    expect(() => buildDeliveryArgs('/a', '/b', Number.NaN)).toThrow(RangeError);
  });
});

describe('inputs read from a link', () => {
  it('reconnects a dropped link at the byte reached, and gives a file path no http option (ffmpeg would refuse it)', () => {
    expect(inputOptions(LINK)).toEqual(['-reconnect', '1']);
    expect(inputOptions('HTTPS://store.example.com/a.mp4?x=1')).toEqual(['-reconnect', '1']);
    expect(inputOptions('/w/http-clip.mp4')).toEqual([]);
    expect(inputOptions('/w/in.mp4')).toEqual([]);
  });

  it('puts the option right before the link in every builder and passes the link untouched', () => {
    const paths: RenditionPaths = { input: LINK, watermark: '/w/wm.png', preview: '/w/p.mp4', sample: '/w/s.mp4', strip: '/w/strip.png', thumbnailFrame: '/w/t.png' };
    const probe = buildProbeArgs(LINK);
    expect(probe.slice(-3)).toEqual(['-reconnect', '1', LINK]);
    for (const args of [buildRenditionArgs(planRenditions({ width: 1920, height: 1080, durationSeconds: 10 }), paths), buildKeyframeArgs(LINK, 2.5, '/w/k.png'), buildDeliveryArgs(LINK, '/w/out.mp4', 0.5)]) {
      const at = args.indexOf(LINK);
      expect(args.slice(at - 3, at + 1)).toEqual(['-reconnect', '1', '-i', LINK]);
      // Only the link: the watermark, a file, gets no http option.
      expect(args.filter((a) => a === '-reconnect')).toHaveLength(1);
    }
    expect(buildProbeArgs('/w/in.mp4')).not.toContain('-reconnect');
  });
});
