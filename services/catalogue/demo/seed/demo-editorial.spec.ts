import { DEMO_SUBJECTS } from './demo-catalogue-data.js';
import { DEMO_EDITORIAL, DEMO_EDITORIAL_RELATED_MAX } from './demo-editorial.js';
import { pickDemoEditorialMaterials, type DemoEditorialMaterial } from './demo-editorial-seed.service.js';

const materialsOf = (count: number): DemoEditorialMaterial[] =>
  Array.from({ length: count }, (_, i) => {
    const subject = DEMO_SUBJECTS[i % DEMO_SUBJECTS.length]!;
    return { id: i + 1, kind: subject.kind, thumbnailKey: `renditions/demo/${i}/thumb.jpg`, keywordsZh: subject.keywordsZh };
  });

describe('demo editorial entries', () => {
  it('each finds a featured video and related materials among the demo subjects, none twice', () => {
    for (const entry of DEMO_EDITORIAL) {
      const picked = pickDemoEditorialMaterials(entry, materialsOf(200));
      expect(picked).not.toBeNull();
      expect(picked!.featured.kind).toBe('video');
      expect(picked!.cover).toBe(picked!.featured.thumbnailKey);
      const ids = picked!.related.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).not.toContain(picked!.featured.id);
      expect(ids.length).toBeGreaterThanOrEqual(4);
      expect(ids.length).toBeLessThanOrEqual(DEMO_EDITORIAL_RELATED_MAX);
      for (const m of [picked!.featured, ...picked!.related]) expect(m.keywordsZh.some((k) => entry.match.some((w) => k.includes(w)))).toBe(true);
    }
  });

  it('leaves an entry out when the demo is too small, and keeps cases and originals with 24 materials', () => {
    expect(DEMO_EDITORIAL.map((entry) => pickDemoEditorialMaterials(entry, materialsOf(3)))).toContain(null);
    const small = DEMO_EDITORIAL.filter((entry) => pickDemoEditorialMaterials(entry, materialsOf(24)) !== null);
    expect(small.filter((e) => e.kind === 'case').length).toBeGreaterThan(0);
    expect(small.filter((e) => e.kind === 'original').length).toBeGreaterThan(0);
  });
});
