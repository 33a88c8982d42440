import { currentQueryImage, pastedPicture, queryImageProblem, setQueryImage, sourceLink, timeCode } from './imageQuery';

describe('search by image in the store', () => {
  it('writes time codes as minutes and seconds', () => {
    expect(timeCode(0)).toBe('0:00');
    expect(timeCode(4_200)).toBe('0:04');
    expect(timeCode(75_300)).toBe('1:15');
    expect(timeCode(3_600_000)).toBe('60:00');
  });

  it('opens a clip at the matching second and a photo on its own page', () => {
    expect(sourceLink({ id: 7, kind: 'video' }, 4_250)).toBe('/Detail?id=7&t=4.3');
    expect(sourceLink({ id: 7, kind: 'video' }, null)).toBe('/Detail?id=7');
    expect(sourceLink({ id: 9, kind: 'photo' }, null)).toBe('/DetailPic?id=9');
  });

  it('refuses other types and pictures over 20 MB before sending them', () => {
    expect(queryImageProblem({ type: 'image/jpeg', size: 1_000 })).toBeNull();
    expect(queryImageProblem({ type: 'image/webp', size: 20 * 1024 * 1024 })).toBeNull();
    expect(queryImageProblem({ type: 'image/gif', size: 1_000 })).toBe('type');
    expect(queryImageProblem({ type: '', size: 1_000 })).toBe('type');
    expect(queryImageProblem({ type: 'image/png', size: 20 * 1024 * 1024 + 1 })).toBe('size');
  });

  it('takes the first picture of a paste and nothing from a paste of text', () => {
    const picture = { name: 'pasted.png' };
    const items = (list: { kind: string; type: string; file?: object }[]) =>
      ({ items: list.map((item) => ({ ...item, getAsFile: () => item.file ?? null })) }) as unknown as DataTransfer;
    expect(pastedPicture(items([{ kind: 'string', type: 'text/plain' }, { kind: 'file', type: 'image/png', file: picture }]))).toBe(picture);
    expect(pastedPicture(items([{ kind: 'string', type: 'text/plain' }]))).toBeNull();
    expect(pastedPicture(null)).toBeNull();
  });

  it('hands the last chosen picture to the answer page', () => {
    const first = { name: 'a.jpg' } as File;
    const second = { name: 'b.jpg' } as File;
    setQueryImage(first);
    setQueryImage(second);
    expect(currentQueryImage()).toBe(second);
  });
});
