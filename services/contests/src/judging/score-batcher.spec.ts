import { ScoreBatcher, type PendingScore } from './score-batcher.js';

const score = (judgeId: string, entryId: number, value = 5): PendingScore => ({ judgeId, contestId: 1, entryId, score: value, scoredAt: new Date(0) });

/** A writer whose statements finish when the test says, accepting scores above 0 only. */
function heldWriter() {
  const statements: { scores: readonly PendingScore[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const write = (scores: readonly PendingScore[]) =>
    new Promise<Set<number>>((resolve, reject) => {
      statements.push({
        scores,
        finish: () => resolve(new Set(scores.flatMap((s, index) => (s.score > 0 ? [index] : [])))),
        fail: reject,
      });
    });
  return { statements, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ScoreBatcher', () => {
  it('writes a lone score at once, and the scores that arrive meanwhile together in the next statement', async () => {
    const { statements, write } = heldWriter();
    const batcher = new ScoreBatcher(write, { statementsAtOnce: 1, scoresPerStatement: 10 });
    const first = batcher.submit(score('a', 1));
    expect(statements).toHaveLength(1);
    const waiting = [batcher.submit(score('b', 2)), batcher.submit(score('c', 3, 0)), batcher.submit(score('d', 4))];
    expect(statements).toHaveLength(1);
    statements[0]!.finish();
    expect(await first).toBe(true);
    await settle();
    expect(statements[1]!.scores.map((s) => s.entryId)).toEqual([2, 3, 4]);
    statements[1]!.finish();
    expect(await Promise.all(waiting)).toEqual([true, false, true]);
  });

  it('never puts two scores of one judge for one entry in a statement, nor starts one while the other is written', async () => {
    const { statements, write } = heldWriter();
    const batcher = new ScoreBatcher(write, { statementsAtOnce: 2, scoresPerStatement: 10 });
    const results = [batcher.submit(score('a', 1, 3)), batcher.submit(score('a', 1, 7)), batcher.submit(score('a', 2, 4))];
    expect(statements.map((s) => s.scores.map((x) => [x.entryId, x.score]))).toEqual([[[1, 3]], [[2, 4]]]);
    statements[0]!.finish();
    await settle();
    expect(statements[2]!.scores.map((x) => [x.entryId, x.score])).toEqual([[1, 7]]);
    statements[1]!.finish();
    statements[2]!.finish();
    expect(await Promise.all(results)).toEqual([true, true, true]);
  });

  it('keeps statements within their size and count, and fails every score of a statement that fails', async () => {
    const { statements, write } = heldWriter();
    const batcher = new ScoreBatcher(write, { statementsAtOnce: 1, scoresPerStatement: 2 });
    const lone = batcher.submit(score('a', 1));
    const pair = [batcher.submit(score('b', 2)), batcher.submit(score('c', 3))];
    const last = batcher.submit(score('d', 4));
    statements[0]!.fail(new Error('connection lost'));
    await expect(lone).rejects.toThrow('connection lost');
    await settle();
    expect(statements[1]!.scores.map((s) => s.entryId)).toEqual([2, 3]);
    statements[1]!.fail(new Error('disk full'));
    await expect(Promise.all(pair)).rejects.toThrow('disk full');
    await settle();
    statements[2]!.finish();
    expect(await last).toBe(true);
  });
});
