import { GID3, generateClip, startUploads, type UploadsHarness } from './uploads-harness.js';

/** The value of one series in a Prometheus text exposition, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('uploads: the media pipeline on GET /metrics', () => {
  let h: UploadsHarness;
  beforeAll(async () => {
    h = await startUploads({ env: { UPLOAD_MIN_VIDEO_BYTES: '1000' } });
  });
  afterAll(() => h?.close());

  it('counts a processed upload, times its job and shows an empty queue afterwards', async () => {
    const { token } = await h.user(GID3);
    const uploaded = await h.upload(token, 'video', 'harbour.mp4', await generateClip({ width: 1920, height: 1080, seconds: 3.5, pattern: 'mandelbrot' }));
    await h.waitForStatus(uploaded.body.data.id, ['waiting']);

    // The delivery is acknowledged (and counted) just after the handler's transaction commits.
    let text = '';
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      text = await (await fetch(`${h.url}/metrics`)).text();
      if (valueOf(text, 'events_handled_total{consumer_group="uploads",event="upload.completed"}') === 1) break;
    }
    expect(valueOf(text, 'uploads_processed_total{result="processed"}')).toBe(1);
    expect(valueOf(text, 'upload_pipeline_job_duration_seconds_count{kind="video",result="processed"}')).toBe(1);
    expect(valueOf(text, 'upload_pipeline_job_duration_seconds_sum{kind="video",result="processed"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'upload_pipeline_queue_length')).toBe(0);
    expect(valueOf(text, 'events_handled_total{consumer_group="uploads",event="upload.completed"}')).toBe(1);
  }, 120_000);
});
