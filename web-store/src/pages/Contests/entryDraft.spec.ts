import { EMPTY_DETAILS, draftProblem, fileSizeText, tooLargeFor, type DraftFile, type EntryDetails } from './entryDraft';

const file = (role: DraftFile['role'], state: DraftFile['state'] = 'ready'): DraftFile => ({ key: Math.random().toString(), role, name: 'f', size: 1, progress: 1, state, fileId: 'id', error: null });
const complete: EntryDetails = { ...EMPTY_DETAILS, title: 't', signature: 's', location: 'l', intro: 'i', equipment: 'e', age: '30', gender: 'male', declaration: true };

describe('entry draft', () => {
  it('waits for uploads before anything else', () => {
    expect(draftProblem('photo', [file('photo', 'uploading')], complete)).toBe('waitUploads');
  });

  it('needs a video with its cover, or a group of 5 to 9 photos', () => {
    expect(draftProblem('video', [], complete)).toBe('noFiles');
    expect(draftProblem('video', [file('video')], complete)).toBe('incomplete');
    expect(draftProblem('video', [file('video'), file('cover')], complete)).toBeNull();
    expect(draftProblem('photo', [file('photo'), file('photo', 'failed')], complete)).toBe('groupSize');
    expect(draftProblem('photo', Array.from({ length: 5 }, () => file('photo')), complete)).toBeNull();
    expect(draftProblem('photo', Array.from({ length: 10 }, () => file('photo')), complete)).toBe('groupSize');
  });

  it('needs every detail filled in', () => {
    const five = Array.from({ length: 5 }, () => file('photo'));
    expect(draftProblem('photo', five, { ...complete, location: '   ' })).toBe('incomplete');
    expect(draftProblem('photo', five, { ...complete, age: '0' })).toBe('incomplete');
    expect(draftProblem('photo', five, { ...complete, gender: '' })).toBe('incomplete');
  });

  it('knows the size limits and prints sizes as the server does', () => {
    expect(tooLargeFor('photo', 5 * 1024 * 1024 + 1)).toBe(5 * 1024 * 1024);
    expect(tooLargeFor('cover', 1024)).toBeNull();
    expect(fileSizeText(6 * 1024 * 1024)).toBe('6.0 MB');
  });
});
