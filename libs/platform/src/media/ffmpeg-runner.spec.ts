import { FfmpegProcessError, FfmpegRunner } from './ffmpeg-runner.js';

/** Node stands in for ffmpeg: the runner only cares about exit codes, stdout, stderr and time. */
const node = process.execPath;
const runner = (timeoutMs?: number) => new FfmpegRunner({ ffmpeg: node, ffprobe: node }, { timeoutMs });

describe('FfmpegRunner', () => {
  it('returns what ffprobe prints', async () => {
    await expect(runner().ffprobe(['-e', 'process.stdout.write("{\\"ok\\":true}")'])).resolves.toBe('{"ok":true}');
  });

  it('rejects with the exit code and the end of stderr', async () => {
    const failing = runner().ffmpeg(['-e', 'process.stderr.write("x".repeat(5000) + "Invalid filter graph"); process.exit(3)']);
    await expect(failing).rejects.toThrow(FfmpegProcessError);
    const error = (await failing.catch((e: unknown) => e)) as FfmpegProcessError;
    expect(error.exitCode).toBe(3);
    expect(error.stderrTail).toHaveLength(2000);
    expect(error.message).toMatch(/exited with code 3[\s\S]*Invalid filter graph$/);
  });

  it('kills a process that outlives the timeout', async () => {
    await expect(runner(200).ffmpeg(['-e', 'setTimeout(() => {}, 10000)'])).rejects.toThrow(/timed out after 200 ms and was killed/);
  });

  it('says so when the binary cannot start', async () => {
    await expect(new FfmpegRunner({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: node }).ffmpeg([])).rejects.toThrow(/could not start/);
  });
});
