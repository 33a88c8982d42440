/** A judge's score on its way to the database. */
export interface PendingScore {
  judgeId: string;
  contestId: number;
  entryId: number;
  score: number;
  scoredAt: Date;
}

/** Writes scores in one statement; answers which of them (by index) were accepted. */
export type ScoreWriter = (scores: readonly PendingScore[]) => Promise<Set<number>>;

interface Waiting {
  score: PendingScore;
  key: string;
  resolve: (accepted: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for judges' scores: a score is written at once when the writer is free, and scores
 * that arrive while statements are running go together in the next one. Thirty judges clicking at
 * once then cost the database a few statements instead of thirty, and a lone judge waits for
 * nothing. A statement never carries two scores of one judge for one entry, and no score starts
 * while another of the same judge and entry is being written, so the last click wins.
 */
export class ScoreBatcher {
  private readonly queue: Waiting[] = [];
  private readonly writing = new Set<string>();
  private running = 0;

  constructor(
    private readonly write: ScoreWriter,
    private readonly limits: { statementsAtOnce: number; scoresPerStatement: number } = { statementsAtOnce: 1, scoresPerStatement: 200 },
  ) {}

  /** Resolves true when the score was accepted (and written with its event), false when refused. */
  submit(score: PendingScore): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ score, key: `${score.judgeId}:${score.entryId}`, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.limits.statementsAtOnce) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.running += 1;
      for (const item of batch) this.writing.add(item.key);
      void this.run(batch);
    }
  }

  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    for (let index = 0; index < this.queue.length && batch.length < this.limits.scoresPerStatement; ) {
      const item = this.queue[index]!;
      if (keys.has(item.key) || this.writing.has(item.key)) {
        index += 1;
        continue;
      }
      keys.add(item.key);
      batch.push(item);
      this.queue.splice(index, 1);
    }
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const accepted = await this.write(batch.map((item) => item.score));
      batch.forEach((item, index) => item.resolve(accepted.has(index)));
    } catch (error) {
      for (const item of batch) item.reject(error);
    } finally {
      for (const item of batch) this.writing.delete(item.key);
      this.running -= 1;
      this.pump();
    }
  }
}
