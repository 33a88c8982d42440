import { WriteBehind } from './write-behind.js';
import { manualFlush, settle } from './testing/manual-flush.js';

describe('WriteBehind', () => {
  it('starts a flush each time enough bytes have gathered, never two at once for one file', async () => {
    const { started, flush } = manualFlush();
    const writeBehind = new WriteBehind(flush, 10);
    writeBehind.wrote('/a', 6);
    expect(started).toHaveLength(0);
    writeBehind.wrote('/a', 4);
    expect(started.map(({ path }) => path)).toEqual(['/a']);
    // Written while that flush runs: counted, but no second flush of the same file starts.
    writeBehind.wrote('/a', 25);
    writeBehind.wrote('/b', 10);
    expect(started.map(({ path }) => path)).toEqual(['/a', '/b']);
    started[0]!.finish();
    await settle();
    writeBehind.wrote('/a', 1);
    expect(started.map(({ path }) => path)).toEqual(['/a', '/b', '/a']);
  });

  it('lets the writer finish once the running flush has ended', async () => {
    const { started, flush } = manualFlush();
    const writeBehind = new WriteBehind(flush, 10);
    writeBehind.wrote('/a', 10);
    let finished = false;
    const finishing = writeBehind.finish('/a').then(() => (finished = true));
    await settle();
    expect(finished).toBe(false);
    started[0]!.finish();
    await finishing;
    expect(finished).toBe(true);
    // A file never counted finishes at once.
    await expect(writeBehind.finish('/never-written')).resolves.toBeUndefined();
  });

  it('throws a failed background flush at the finish, and again until the file is forgotten', async () => {
    const { started, flush } = manualFlush();
    const writeBehind = new WriteBehind(flush, 10);
    writeBehind.wrote('/a', 10);
    started[0]!.finish(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await settle();
    // A later flush that succeeds does not clear it: the bytes of the failed write-back are lost.
    writeBehind.wrote('/a', 10);
    started[1]!.finish();
    await expect(writeBehind.finish('/a')).rejects.toThrow('EIO');
    await expect(writeBehind.finish('/a')).rejects.toThrow('EIO');
    writeBehind.forget('/a');
    await expect(writeBehind.finish('/a')).resolves.toBeUndefined();
  });
});
