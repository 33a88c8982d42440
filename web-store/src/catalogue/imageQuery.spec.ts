import {
  parseImageSearchState,
  pastedPicture,
  queryImageProblem,
  rememberSentPicture,
  sentPicture,
  serializeImageSearchState,
  setQueryImage,
  sourceLink,
  takeQueryImage,
  timeCode,
  toImageSearchPageRequest,
} from './imageQuery';

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

  it('hands the last chosen picture to the answer page once, and remembers what was sent by its id', () => {
    const first = { name: 'a.jpg' } as File;
    const second = { name: 'b.jpg' } as File;
    setQueryImage(first);
    setQueryImage(second);
    expect(takeQueryImage()).toBe(second);
    expect(takeQueryImage()).toBeNull();
    rememberSentPicture('5b1c6a0e-58a4-4b8e-9f57-2f4d3c1a9e10', second);
    expect(sentPicture('5b1c6a0e-58a4-4b8e-9f57-2f4d3c1a9e10')).toBe(second);
    expect(sentPicture('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('reads and writes the answer page address: the kept picture, the kind, the filters, the page', () => {
    const id = '5b1c6a0e-58a4-4b8e-9f57-2f4d3c1a9e10';
    const state = parseImageSearchState(`?q=${id}&type=pic&resolution=1080p,4k,16k&page=3`);
    // Values in the list's order, unknown ones dropped.
    expect(state).toEqual({ queryId: id, type: 'pic', filters: { resolution: ['4k', '1080p'] }, page: 3 });
    expect(serializeImageSearchState(state)).toBe(`q=${id}&type=pic&resolution=4k,1080p&page=3`);
    expect(toImageSearchPageRequest({ ...state, queryId: id })).toEqual({ queryId: id, type: 'pic', filters: { resolution: ['4k', '1080p'] }, pageNo: 3, pageSize: 24 });
    // Nonsense falls back to the defaults rather than reaching the server.
    expect(parseImageSearchState('?q=../../etc&type=music&page=-1')).toEqual({ queryId: null, type: 'all', filters: {}, page: 1 });
    expect(parseImageSearchState('?page=999').page).toBe(1);
  });
});
