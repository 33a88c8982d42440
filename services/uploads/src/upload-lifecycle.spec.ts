import { UPLOAD_STATUSES, type UploadStatus } from '@mkt/contracts';
import { AppError } from '@mkt/platform';
import { UPLOAD_ACTIONS, UPLOAD_TRANSITIONS, nextUploadStatus, uploadTransition, type UploadAction } from './upload-lifecycle.js';

describe('upload lifecycle', () => {
  const allowed: [UploadStatus, UploadAction, UploadStatus][] = [
    ['uploading', 'complete', 'transcoding'],
    ['transcoding', 'process', 'waiting'],
    ['transcoding', 'fail', 'failed'],
    ['waiting', 'approve', 'published'],
    ['waiting', 'reject', 'rejected'],
    ['rejected', 'resubmit', 'waiting'],
    ['published', 'unpublish', 'unpublished'],
    ['unpublished', 'republish', 'published'],
  ];

  it.each(allowed)('%s --%s--> %s', (from, action, to) => {
    expect(uploadTransition(from, action)).toBe(to);
  });

  it('refuses every other move with the state-conflict error', () => {
    const listed = new Set(allowed.map(([from, action]) => `${from}:${action}`));
    let refused = 0;
    for (const from of UPLOAD_STATUSES) {
      for (const action of UPLOAD_ACTIONS) {
        if (listed.has(`${from}:${action}`)) continue;
        expect(nextUploadStatus(from, action)).toBeNull();
        expect(() => uploadTransition(from, action)).toThrow(AppError);
        refused += 1;
      }
    }
    expect(refused).toBe(UPLOAD_STATUSES.length * UPLOAD_ACTIONS.length - allowed.length);
  });

  it('lists exactly the tested moves', () => {
    const table = Object.entries(UPLOAD_TRANSITIONS).flatMap(([action, moves]) => Object.entries(moves).map(([from, to]) => [from, action, to]));
    expect(table.sort()).toEqual([...allowed].map((move) => [...move]).sort());
  });

  it('never leaves a file stuck: every status but uploading is reached, and only failed has no way on', () => {
    const reached = new Set(allowed.map(([, , to]) => to));
    expect(UPLOAD_STATUSES.filter((status) => !reached.has(status))).toEqual(['uploading']);
    const leaving = new Set(allowed.map(([from]) => from));
    expect(UPLOAD_STATUSES.filter((status) => !leaving.has(status))).toEqual(['failed']);
  });
});
