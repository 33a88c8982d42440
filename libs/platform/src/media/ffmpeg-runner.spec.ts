import { FfmpegProcessError, FfmpegRunner, inputUnreachable, withoutLinkCredentials } from './ffmpeg-runner.js';

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

describe('errors of a run that read a presigned link', () => {
  const link = 'http://minio:9000/mkt-originals/a/original.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA1%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=21600&X-Amz-SignedHeaders=host&X-Amz-Signature=0123abcd';

  it('keep no signature, access key or token in the message that reaches the logs', async () => {
    const failing = runner().ffmpeg(['-e', `process.stderr.write(${JSON.stringify(`${link}: Server returned 403 Forbidden (access denied)\n`)}); process.exit(1)`]);
    const error = (await failing.catch((e: unknown) => e)) as FfmpegProcessError;
    expect(error.message).not.toMatch(/0123abcd|AKIA1/);
    expect(error.stderrTail).toContain('X-Amz-Signature=…');
    expect(error.stderrTail).toContain('X-Amz-Expires=21600');
    expect(error.stderrTail).toMatch(/: Server returned 403 Forbidden/);
    expect(withoutLinkCredentials('x?X-Amz-Security-Token=tok&b=1')).toBe('x?X-Amz-Security-Token=…&b=1');
    expect(withoutLinkCredentials('/w/in.mp4: Invalid data found when processing input')).toBe('/w/in.mp4: Invalid data found when processing input');
  });

  it('tell a link the store could not serve (retry the job) from a file that does not decode', () => {
    const failed = (stderr: string) => new FfmpegProcessError('ffmpeg exited with code 1', 1, stderr);
    for (const stderr of ['Server returned 5XX Server Error reply', 'Server returned 403 Forbidden (access denied)', 'Connection refused', 'Stream ends prematurely at 1000048, should be 4972840']) {
      expect(inputUnreachable(link, failed(`${link}: ${stderr}`))).toBe(true);
    }
    expect(inputUnreachable(link, failed(`${link}: Invalid data found when processing input`))).toBe(false);
    // A file path is never "unreachable": its errors keep their old meaning.
    expect(inputUnreachable('/w/in.mp4', failed('/w/in.mp4: Input/output error'))).toBe(false);
    expect(inputUnreachable(link, new Error('Connection refused'))).toBe(false);
  });
});
