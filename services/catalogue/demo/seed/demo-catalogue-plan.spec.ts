import { planVideoRender } from '../media/video-render-plan.js';
import { sceneLight } from '../media/scene-svg.js';
import { planDemoCatalogue, renderCost } from './demo-catalogue-plan.js';

describe('planDemoCatalogue', () => {
  const plan = planDemoCatalogue(240);

  it('gives every item its own picture: no key or seed is shared', () => {
    expect(plan).toHaveLength(240);
    expect(new Set(plan.map((item) => item.key)).size).toBe(240);
    expect(new Set(plan.map((item) => `${item.kind}:${item.spec.seed}`)).size).toBe(240);
    expect(plan.filter((item) => item.kind === 'video')).toHaveLength(132);
  });

  it('sizes every item as the upload rules require (clips at least 1080P and 3 s, photos 10 to 250 megapixels)', () => {
    for (const { spec } of plan) {
      if (spec.kind === 'video') {
        expect(spec.height).toBeGreaterThanOrEqual(1080);
        expect(spec.durationSeconds).toBeGreaterThanOrEqual(3);
      } else {
        expect(spec.width * spec.height).toBeGreaterThanOrEqual(10_000_000);
        expect(spec.width * spec.height).toBeLessThanOrEqual(250_000_000);
      }
    }
    expect(plan.filter((item) => item.spec.height === 2160)).toHaveLength(8);
  });

  it('starts with both kinds and ends with the slow 4K clips', () => {
    const first = plan.slice(0, 12).map((item) => item.kind);
    expect(first).toContain('video');
    expect(first).toContain('photo');
    expect(plan.slice(-8).every((item) => item.spec.height === 2160)).toBe(true);
    expect(renderCost(plan[0]!.spec)).toBeLessThan(renderCost(plan.at(-1)!.spec));
  });

  it('names the camera move a clip really makes', () => {
    for (const item of plan.filter((i) => i.kind === 'video')) {
      const { camera } = planVideoRender(item.spec);
      const forward = camera.zoomTo > camera.zoomFrom;
      expect(item.titleEn.startsWith(`${item.subject.titleEn} `)).toBe(true);
      expect(item.titleEn).toMatch(forward ? /(moves in|flies forward)$/ : /(pulls back|rises back)$/);
      expect(item.titleZh).toMatch(forward ? /(推进|向前飞行)$/ : /(拉远|后退拉升)$/);
    }
  });

  it('says where the sun or moon stands in a photo, from the scene it is drawn from', () => {
    const photos = plan.filter((i) => i.kind === 'photo');
    for (const item of photos) {
      const { x } = sceneLight(item.spec.seed);
      if (/on the left$/.test(item.titleEn)) expect(x).toBeLessThan(0.4);
      else if (/on the right$/.test(item.titleEn)) expect(x).toBeGreaterThan(0.6);
      else if (/in the middle$/.test(item.titleEn)) expect(x).toBeGreaterThanOrEqual(0.4);
      else expect(['snow', 'studio']).toContain(item.spec.palette);
    }
    expect(photos.find((i) => i.spec.palette === 'night')!.titleEn).toMatch(/moon/);
  });

  it('is the same list every time, and a smaller demo is the start of each kind of a larger one', () => {
    expect(planDemoCatalogue(240)).toEqual(plan);
    const small = planDemoCatalogue(24).map((item) => item.key);
    const keys = new Set(plan.map((item) => item.key));
    expect(small.every((key) => keys.has(key))).toBe(true);
  });
});
