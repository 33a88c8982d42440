import type { DemoMediaSpec } from './demo-media-spec.js';
import { planVideoRender } from './video-render-plan.js';

const spec: DemoMediaSpec = { key: 'clip-1', kind: 'video', seed: 11, label: 'Clip', width: 1280, height: 720, palette: 'ocean' };

describe('planVideoRender', () => {
  it('defaults to 4 s at 25 fps, with a plate 10 % larger than the frame', () => {
    const plan = planVideoRender(spec);
    expect(plan).toMatchObject({ width: 1280, height: 720, fps: 25, frameCount: 100, plate: { width: 1408, height: 792 }, thumbnailFrame: 40 });
    expect(plan.stripFrames).toHaveLength(10);
  });

  it('keeps the preview 480 high with the aspect ratio, and every size even', () => {
    expect(planVideoRender(spec).preview).toEqual({ width: 854, height: 480 });
    expect(planVideoRender({ ...spec, width: 640, height: 360 }).preview).toEqual({ width: 854, height: 480 });
    expect(planVideoRender({ ...spec, width: 1080, height: 1080 }).preview).toEqual({ width: 480, height: 480 });
    const odd = planVideoRender({ ...spec, width: 1279, height: 719 });
    expect([odd.width % 2, odd.height % 2]).toEqual([0, 0]);
  });

  it('is fully decided by the spec: same seed, same camera and texture', () => {
    expect(planVideoRender({ ...spec })).toEqual(planVideoRender(spec));
    expect(planVideoRender({ ...spec, seed: 12 }).camera).not.toEqual(planVideoRender(spec).camera);
  });

  it('zooms between 1 and at most 1.14, one way or the other', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { camera } = planVideoRender({ ...spec, seed });
      expect(Math.min(camera.zoomFrom, camera.zoomTo)).toBe(1);
      expect(Math.max(camera.zoomFrom, camera.zoomTo)).toBeLessThanOrEqual(1.14);
    }
  });

  it('honours duration and fps, and refuses clips too short for the strip', () => {
    expect(planVideoRender({ ...spec, durationSeconds: 2, fps: 30 }).frameCount).toBe(60);
    expect(() => planVideoRender({ ...spec, durationSeconds: 0.2 })).toThrow(/clip-1.*at least 10 frames/);
  });
});
