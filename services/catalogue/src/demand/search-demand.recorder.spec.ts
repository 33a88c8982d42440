import { ManualClock, loadConfig } from '@mkt/platform';
import type { DemandCounts, DemandKey } from './demand-key.js';
import { SearchDemandTokens } from './demand-tokens.js';
import { SearchDemandRecorder } from './search-demand.recorder.js';
import type { SearchDemandRepository } from './search-demand.repository.js';

const config = loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(40), SIGNING_SECRET: 'y'.repeat(40), DATA_DIR: '/tmp/mkt-demand-recorder-spec' });

/** Keeps what it was given; refuses while `down`. */
class FakeRepository {
  down = false;
  readonly written: [DemandKey, DemandCounts][] = [];
  async add(entries: readonly (readonly [DemandKey, DemandCounts])[]): Promise<void> {
    if (this.down) throw new Error('database away');
    this.written.push(...entries.map(([key, counts]) => [key, { ...counts }] as [DemandKey, DemandCounts]));
  }
}

function recorderWith(repository: FakeRepository, searchDemand = true) {
  const clock = new ManualClock(new Date('2026-03-01T17:00:00Z'));
  return new SearchDemandRecorder({ searchDemand }, repository as unknown as SearchDemandRepository, new SearchDemandTokens(config, clock), clock);
}

describe('SearchDemandRecorder', () => {
  it('adds searches of one key up and writes nothing until flushed', async () => {
    const repository = new FakeRepository();
    const recorder = recorderWith(repository);
    expect(recorder.record({ kind: 'video', keyword: 'City Night', total: 3 })).toEqual(expect.any(String));
    recorder.record({ kind: 'video', keyword: ' city  night', total: 0 });
    expect(recorder.record({ kind: 'video', keyword: '   ', total: 9 })).toBeUndefined();
    expect(repository.written).toHaveLength(0);
    await recorder.flush();
    expect(repository.written).toEqual([[{ day: '2026-03-02', kind: 'video', categoryId: 0, query: 'city night' }, { searches: 2, zeroResults: 1, resultsSum: 3, opened: 0, ordered: 0 }]]);
  });

  it('counts one follow-up of each action per search, however often it is sent', async () => {
    const repository = new FakeRepository();
    const recorder = recorderWith(repository);
    const token = recorder.record({ kind: 'photo', categoryId: 4, keyword: 'sea', total: 5 })!;
    recorder.followUp(token, 'open');
    recorder.followUp(token, 'open');
    recorder.followUp(token, 'order');
    await recorder.flush();
    expect(repository.written[0]![1]).toMatchObject({ searches: 1, opened: 1, ordered: 1 });
    expect(() => recorder.followUp(`${token}x`, 'open')).toThrow(expect.objectContaining({ messageKey: 'searchDemandTokenInvalid', httpStatus: 422 }));
  });

  it('keeps what a failed flush could not write for the next one', async () => {
    const repository = new FakeRepository();
    const recorder = recorderWith(repository);
    recorder.record({ kind: 'music', keyword: 'piano', total: 2 });
    repository.down = true;
    await expect(recorder.flush()).rejects.toThrow('database away');
    recorder.record({ kind: 'music', keyword: 'piano', total: 0 });
    repository.down = false;
    await recorder.flush();
    expect(repository.written).toEqual([[expect.objectContaining({ query: 'piano' }), { searches: 2, zeroResults: 1, resultsSum: 2, opened: 0, ordered: 0 }]]);
  });

  it('records nothing and hands out no token when switched off', async () => {
    const repository = new FakeRepository();
    const recorder = recorderWith(repository, false);
    expect(recorder.record({ kind: 'video', keyword: 'sea', total: 1 })).toBeUndefined();
    await recorder.flush();
    expect(repository.written).toHaveLength(0);
  });
});
