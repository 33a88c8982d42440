import { buildTextureSource, buildVideoFilterGraph, buildVideoRenderArgs, type VideoRenderPaths } from './ffmpeg-args.js';
import type { DemoMediaSpec } from './demo-media-spec.js';
import { planVideoRender } from './video-render-plan.js';

const spec: DemoMediaSpec = { key: 'clip-1', kind: 'video', seed: 7, label: 'Clip', width: 1280, height: 720, palette: 'sunset' };
const paths: VideoRenderPaths = {
  plate: '/w/plate.png',
  watermark: '/w/watermark.png',
  original: '/w/original.mp4',
  preview: '/w/preview-480.mp4',
  sample: '/w/sample.mp4',
  strip: '/w/strip.png',
  thumbnailFrame: '/w/thumbnail-frame.png',
};

/** The arguments that follow `-map <label>` up to and including the output path. */
function outputFor(args: string[], label: string): string[] {
  const start = args.indexOf(label) - 1;
  const next = args.indexOf('-map', start + 2);
  return args.slice(start, next === -1 ? undefined : next);
}

describe('buildVideoRenderArgs', () => {
  const args = buildVideoRenderArgs(planVideoRender(spec), paths);

  it('reads the watermark and the plate, and runs quietly without waiting on stdin', () => {
    expect(args.slice(0, 10)).toEqual(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', '/w/watermark.png', '-i', '/w/plate.png', '-filter_complex']);
  });

  it('encodes the original as tagged bt709 H.264 in yuv420p, faststart, 100 frames, no audio', () => {
    expect(outputFor(args, '[original]')).toEqual([
      '-map', '[original]',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-pix_fmt', 'yuv420p',
      '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709',
      '-frames:v', '100', '-movflags', '+faststart', '-an',
      '/w/original.mp4',
    ]);
  });

  it('encodes the preview and the sample a little harder', () => {
    expect(outputFor(args, '[preview]')).toContain('28');
    expect(outputFor(args, '[preview]').at(-1)).toBe('/w/preview-480.mp4');
    expect(outputFor(args, '[sample]').at(-1)).toBe('/w/sample.mp4');
  });

  it('writes the strip and the thumbnail frame as single images', () => {
    expect(outputFor(args, '[strip]')).toEqual(['-map', '[strip]', '-frames:v', '1', '-update', '1', '/w/strip.png']);
    expect(outputFor(args, '[thumbnail]')).toEqual(['-map', '[thumbnail]', '-frames:v', '1', '-update', '1', '/w/thumbnail-frame.png']);
  });

  it('is the same for the same spec, and differs with the seed', () => {
    expect(buildVideoRenderArgs(planVideoRender({ ...spec }), paths)).toEqual(args);
    expect(buildVideoRenderArgs(planVideoRender({ ...spec, seed: 8 }), paths)).not.toEqual(args);
  });
});

describe('buildVideoFilterGraph', () => {
  const plan = planVideoRender(spec);
  const graph = buildVideoFilterGraph(plan);
  const chains = graph.split(';');

  it('moves a camera over the plate for exactly the clip, at the output size and rate', () => {
    expect(chains[0]).toMatch(/^\[1:v\]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,zoompan=z='[^']+':x='[^']+':y='[^']+':d=100:s=1280x720:fps=25\[plate\]$/);
    expect(chains[0]).toContain(`z='${plan.camera.zoomFrom}+`);
  });

  it('screens the blurred texture onto brightness only, then splits into every output', () => {
    expect(chains[1]).toMatch(/^life=s=160x90:r=25:seed=\d+:.*,gblur=sigma=2.5,scale=1280:720:flags=bilinear,format=yuv420p\[texture\]$/);
    expect(chains[2]).toBe(
      `[plate][texture]blend=c0_mode=screen:c0_opacity=0.3:c1_mode=normal:c2_mode=normal:shortest=1,trim=end_frame=100,split=4[original][toPreview][toStrip][toThumbnail]`,
    );
  });

  it('scales the preview to 854x480 and lays the watermark over the sample', () => {
    expect(chains[3]).toBe('[toPreview]scale=854:480,split=2[preview][toSample]');
    expect(chains[4]).toBe('[toSample][0:v]overlay=0:0[sample]');
  });

  it('tiles ten evenly spread frames, each cropped to 160x90, and grabs the thumbnail at 40 %', () => {
    expect(chains[5]).toBe(
      "[toStrip]select='eq(n,5)+eq(n,15)+eq(n,25)+eq(n,35)+eq(n,45)+eq(n,55)+eq(n,65)+eq(n,75)+eq(n,85)+eq(n,95)'," +
        'scale=160:90:force_original_aspect_ratio=increase,crop=160:90,tile=10x1[strip]',
    );
    expect(chains[6]).toBe("[toThumbnail]select='eq(n,40)'[thumbnail]");
  });
});

describe('buildTextureSource', () => {
  it('uses the palette texture: cellular automaton for desert, fractal for studio', () => {
    expect(buildTextureSource(planVideoRender({ ...spec, palette: 'desert' }))).toMatch(/^cellauto=s=160x90:r=25:seed=\d+:rule=\d+:random_fill_ratio=0.3:scroll=1$/);
    expect(buildTextureSource(planVideoRender({ ...spec, palette: 'studio' }))).toMatch(/^mandelbrot=s=160x90:r=25:maxiter=96:.*end_pts=100:/);
  });
});
