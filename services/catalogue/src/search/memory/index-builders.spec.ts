import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeOrphanedSnapshots } from './index-builders.js';

describe('removeOrphanedSnapshots', () => {
  it('removes only the snapshots whose server process is gone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'index-snapshots-'));
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const ended = spawnSync(process.execPath, ['-e', '0']).pid;
      const name = (pid: number) => `catalogue-index-${pid}-${randomUUID()}.bin`;
      const kept = [name(process.pid), name(running.pid!), 'catalogue-index-notes.bin', `catalogue-index-${ended}-x.bin`];
      const orphaned = name(ended);
      for (const file of [...kept, orphaned]) writeFileSync(join(folder, file), 'snapshot');

      await removeOrphanedSnapshots(folder);

      expect(readdirSync(folder).sort()).toEqual([...kept].sort());
    } finally {
      running.kill();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('does nothing for a folder that does not exist', async () => {
    await expect(removeOrphanedSnapshots(join(tmpdir(), `absent-${randomUUID()}`))).resolves.toBeUndefined();
  });
});
