import {
  UPLOAD_LIMITS,
  checkDuplicateName,
  checkPhotoFile,
  checkVideoFile,
  type UploadKind,
  type UploadLimitOverrides,
  type UploadRuleBroken,
  type UploadStatus,
  type UploadStsResponse,
  type UploadTokenResponse,
} from '@mkt/contracts/web';

/**
 * The browser's uploader, without React (spec sections 2, 4 and 9): a queue of files uploaded one
 * by one, each in parts of the size the server plans (1 MB locally, the object store's minimum
 * elsewhere), 10 parts in parallel, 3 retries per part. Pause aborts the transfers in flight; the
 * checkpoint is the server's list of stored parts, so resuming, reloading the page and adding the
 * same file again, or a crash all continue without sending finished parts again.
 */

export interface UploadTransport {
  token(kind: UploadKind, file: { fileName: string; fileSize: number; width?: number; height?: number }, signal: AbortSignal): Promise<UploadTokenResponse>;
  sts(filePath: string, partNumbers: number[], signal: AbortSignal): Promise<UploadStsResponse>;
  /**
   * PUTs one part; resolves when the store acknowledged it. `onSent` hears the bytes of the body
   * sent so far, as they leave, so progress moves within a part rather than in part-sized jumps.
   */
  putPart(url: string, body: Blob, signal: AbortSignal, onSent?: (bytes: number) => void): Promise<void>;
  success(kind: UploadKind, body: { fileName: string; filePath: string; fileSize: number; platform: 'web'; width?: number; height?: number }, signal: AbortSignal): Promise<{ id: number; status: string }>;
}

/** What the uploader needs of a File: its name, its size and slices of it. */
export interface UploadSource {
  name: string;
  size: number;
  slice(start: number, end: number): Blob;
}

/**
 * Why a transfer failed, by the step it failed in (spec section 8 "Upload"): opening the session
 * (with the server's message, code and the request's id, so support can find it in the logs),
 * sending parts, or assembling them; a file that failed after the session opened can be retried
 * from its checkpoint. `uploadRequestError` is anything else.
 */
export type UploadFailure =
  | { key: 'uploadInitFailed'; params: { message: string; code: number; transferId: string } }
  | { key: 'uploadTransferError' | 'uploadMergeError'; params?: { message: string } }
  | { key: 'uploadRequestError'; params?: { message: string } };

type UploadStep = 'init' | 'transfer' | 'merge';

export type QueueFileStatus = 'waiting' | 'uploading' | 'paused' | 'success' | 'exception';

export interface QueueFile {
  id: number;
  name: string;
  size: number;
  kind: UploadKind;
  status: QueueFileStatus;
  /** 0-100. */
  percent: number;
  /** Rule broken locally or failure reason; shown as the file's status message. */
  message: UploadRuleBroken | UploadFailure | null;
  canUpload: boolean;
  uploaded: number;
  width?: number;
  height?: number;
  /** The session on the server once the token call answered (spec: token { bucketName, filePath }). */
  token: { bucketName: string; filePath: string } | null;
  /** The contributed file's id once the server assembled it: its details are given on /WorkDetail. */
  uploadId: number | null;
  /** The contributor's own earlier upload of a file with this name and size, as the token call said. */
  earlier: { id: number; status: UploadStatus } | null;
}

export interface QueueSnapshot {
  files: QueueFile[];
  running: boolean;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** Seconds left for the whole queue, never computed with less than the 0.01 MB/s floor. */
  secondsLeft: number | null;
  /** Overall progress of the files that can upload, 0-100. */
  percent: number;
}

/** Spec section 9: the time-left estimate divides by at least 0.01 MB/s. */
export function timeLeftSeconds(remainingBytes: number, bytesPerSecond: number): number {
  return Math.ceil(remainingBytes / Math.max(bytesPerSecond, UPLOAD_LIMITS.speedFloorBytesPerSecond));
}

/** Part numbers (1-based) the server does not hold yet. */
export function missingParts(partCount: number, uploaded: readonly number[]): number[] {
  const done = new Set(uploaded);
  return Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
}

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

/** Runs `attempt` up to 1 + retries times; an abort stops at once and is never retried. */
export async function withRetries<T>(attempt: () => Promise<T>, retries: number, signal: AbortSignal, backoffMs = (n: number) => 200 * 2 ** n): Promise<T> {
  for (let tried = 0; ; tried++) {
    if (signal.aborted) throw new AbortedError();
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted) throw new AbortedError();
      if (tried >= retries) throw error;
      await delay(backoffMs(tried), signal);
    }
  }
}

/** Runs the worker on every item with at most `concurrency` at once; the first failure stops the rest. */
export async function runPool<T>(items: readonly T[], concurrency: number, worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const lane = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++]!;
      try {
        await worker(item);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  if (failed !== null) throw failed;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Bytes per second over a sliding window of recent progress. */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 5000) {}

  add(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 0 && this.samples[0]!.at < at - this.windowMs) this.samples.shift();
  }

  speed(now: number): number {
    const recent = this.samples.filter((s) => s.at >= now - this.windowMs);
    if (recent.length === 0) return 0;
    const bytes = recent.reduce((sum, s) => sum + s.bytes, 0);
    const span = Math.max(1000, now - recent[0]!.at);
    return (bytes * 1000) / span;
  }

  reset(): void {
    this.samples = [];
  }
}

export interface UploadQueueOptions {
  transport: UploadTransport;
  /** Photos: dimensions read from the file; null when they cannot be read. */
  readDimensions?: (source: UploadSource) => Promise<{ width: number; height: number } | null>;
  overrides?: UploadLimitOverrides;
  parallel?: number;
  retries?: number;
  now?: () => number;
  backoffMs?: (attempt: number) => number;
}

interface Entry {
  file: QueueFile;
  source: UploadSource;
}

/**
 * One upload queue (the panel's list for video or photo). Files wait until `start`, then upload
 * one by one. Listeners get a fresh snapshot after every change.
 */
export class UploadQueue {
  private entries: Entry[] = [];
  private nextId = 1;
  private controller: AbortController | null = null;
  private listeners = new Set<(snapshot: QueueSnapshot) => void>();
  private readonly meter = new SpeedMeter();
  private readonly now: () => number;
  private runPromise: Promise<void> | null = null;
  /** Files still being checked (photo dimensions are read asynchronously). */
  private checking: Promise<void> | null = null;
  private overrides: UploadLimitOverrides;

  constructor(
    readonly kind: UploadKind,
    private readonly options: UploadQueueOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    this.overrides = options.overrides ?? {};
  }

  subscribe(listener: (snapshot: QueueSnapshot) => void): () => void {
    this.listeners.add(listener);
    listener(this.snapshot());
    return () => this.listeners.delete(listener);
  }

  /** Limits announced by the server (a test set-up's lower video minimum). */
  setOverrides(overrides: UploadLimitOverrides): void {
    this.overrides = overrides;
  }

  get running(): boolean {
    return this.controller !== null;
  }

  /**
   * Adds files after the local checks (type, size, duplicate names; photo dimensions read from
   * the file). A file that breaks a rule is listed as 'exception' with the rule as its message.
   */
  add(sources: readonly UploadSource[]): Promise<void> {
    // Checks run one batch after another, so files keep the order they were chosen in.
    const run: Promise<void> = (this.checking ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.check(sources))
      .finally(() => {
        if (this.checking === run) this.checking = null;
      });
    this.checking = run;
    return run;
  }

  private async check(sources: readonly UploadSource[]): Promise<void> {
    for (const source of sources) {
      const names = this.entries.map((e) => e.file.name);
      let broken: UploadRuleBroken | null = checkDuplicateName(source.name, names);
      let dimensions: { width: number; height: number } | null | undefined;
      if (!broken && this.kind === 'video') broken = checkVideoFile(source, this.overrides);
      if (!broken && this.kind === 'photo') {
        broken = checkPhotoFile(source, undefined);
        if (!broken) {
          dimensions = this.options.readDimensions ? await this.options.readDimensions(source).catch(() => null) : undefined;
          broken = dimensions === undefined ? null : checkPhotoFile(source, dimensions);
        }
      }
      // A duplicate is refused outright; other broken files stay listed with their reason.
      if (broken?.key === 'uploadDuplicateName') {
        this.entries.push({ source, file: this.newFile(source, { status: 'exception', message: broken, canUpload: false }) });
        continue;
      }
      this.entries.push({
        source,
        file: this.newFile(source, {
          status: broken ? 'exception' : 'waiting',
          message: broken,
          canUpload: broken === null,
          ...(dimensions ? { width: dimensions.width, height: dimensions.height } : {}),
        }),
      });
    }
    this.emit();
  }

  /** Deleting and clearing are disabled while uploading (spec section 4). */
  remove(id: number): boolean {
    if (this.running) return false;
    this.entries = this.entries.filter((e) => e.file.id !== id);
    this.emit();
    return true;
  }

  clear(): boolean {
    if (this.running) return false;
    this.entries = [];
    this.meter.reset();
    this.emit();
    return true;
  }

  /** Ends every transfer and empties the list (the panel's confirmed Back). */
  async cancelAll(): Promise<void> {
    this.pause();
    await this.runPromise?.catch(() => undefined);
    this.entries = [];
    this.emit();
  }

  /**
   * Starts (or resumes) the queue. Resolves when every uploadable file is done or the queue was
   * paused. An empty queue answers the spec's 'there are no files to upload currently'.
   */
  start(): { error: UploadRuleBroken | null; done: Promise<void> } {
    // Start pressed while files are still being checked: start once they are listed.
    if (this.checking) return { error: null, done: this.checking.then(() => this.start().done) };
    const pending = this.entries.filter((e) => e.file.canUpload && e.file.status !== 'success');
    if (pending.length === 0) return { error: { key: 'uploadQueueEmpty' }, done: Promise.resolve() };
    if (this.runPromise) return { error: null, done: this.runPromise };
    const controller = new AbortController();
    this.controller = controller;
    this.meter.reset();
    this.runPromise = (async () => {
      try {
        for (const entry of pending) {
          if (controller.signal.aborted) break;
          await this.uploadOne(entry, controller.signal);
        }
      } finally {
        if (this.controller === controller) this.controller = null;
        this.runPromise = null;
        this.emit();
      }
    })();
    this.emit();
    return { error: null, done: this.runPromise };
  }

  /** Cancels the transfers in flight; the server keeps every finished part as the checkpoint. */
  pause(): void {
    if (!this.controller) return;
    this.controller.abort();
    for (const entry of this.entries) if (entry.file.status === 'uploading') entry.file.status = 'paused';
    this.emit();
  }

  snapshot(): QueueSnapshot {
    const now = this.now();
    const files = this.entries.map((e) => ({ ...e.file }));
    const uploadable = files.filter((f) => f.canUpload);
    const total = uploadable.reduce((sum, f) => sum + f.size, 0);
    const uploaded = uploadable.reduce((sum, f) => sum + f.uploaded, 0);
    const speed = this.meter.speed(now);
    return {
      files,
      running: this.running,
      speed,
      secondsLeft: this.running ? timeLeftSeconds(total - uploaded, speed) : null,
      percent: total === 0 ? 0 : Math.floor((uploaded / total) * 100),
    };
  }

  private newFile(source: UploadSource, fields: Partial<QueueFile>): QueueFile {
    return { id: this.nextId++, name: source.name, size: source.size, kind: this.kind, status: 'waiting', percent: 0, message: null, canUpload: true, uploaded: 0, token: null, uploadId: null, earlier: null, ...fields };
  }

  private async uploadOne(entry: Entry, signal: AbortSignal): Promise<void> {
    const { file, source } = entry;
    const { transport } = this.options;
    const retries = this.options.retries ?? UPLOAD_LIMITS.partRetries;
    file.status = 'uploading';
    file.message = null;
    this.emit();
    let step: UploadStep = 'init';
    try {
      const size = { width: file.width, height: file.height };
      const plan = await transport.token(this.kind, { fileName: file.name, fileSize: file.size, ...size }, signal);
      file.token = { bucketName: plan.bucketName, filePath: plan.filePath };
      file.earlier = plan.earlierUpload ? { id: plan.earlierUpload.id, status: plan.earlierUpload.status } : null;
      step = 'transfer';
      const partBytes = (n: number) => Math.min(plan.partSize, file.size - (n - 1) * plan.partSize);
      file.uploaded = plan.uploadedParts.reduce((sum, n) => sum + partBytes(n), 0);
      this.progress(file, 0);

      const missing = missingParts(plan.partCount, plan.uploadedParts);
      const parallel = this.options.parallel ?? UPLOAD_LIMITS.parallelParts;
      // Sign a batch of links at a time so none expires while earlier parts are still queued.
      for (let start = 0; start < missing.length; start += parallel * 4) {
        const batch = missing.slice(start, start + parallel * 4);
        const links = await withRetries(() => transport.sts(plan.filePath, batch, signal), retries, signal, this.options.backoffMs);
        await runPool(links.parts, parallel, async ({ partNumber, url }) => {
          const from = (partNumber - 1) * plan.partSize;
          const body = source.slice(from, from + partBytes(partNumber));
          // Bytes of this part counted so far; a failed attempt gives them back before the retry.
          let counted = 0;
          const sent = (bytes: number) => {
            const now = Math.min(bytes, body.size);
            if (now === counted) return;
            this.progress(file, now - counted);
            counted = now;
          };
          await withRetries(
            async () => {
              sent(0);
              await transport.putPart(url, body, signal, sent);
            },
            retries,
            signal,
            this.options.backoffMs,
          );
          sent(body.size);
        });
      }
      step = 'merge';
      const assembled = await withRetries(
        () => transport.success(this.kind, { fileName: file.name, filePath: plan.filePath, fileSize: file.size, platform: 'web', ...size }, signal),
        retries,
        signal,
        this.options.backoffMs,
      );
      file.uploadId = assembled.id;
      file.status = 'success';
      file.uploaded = file.size;
      file.percent = 100;
    } catch (error) {
      if (error instanceof AbortedError || signal.aborted) {
        file.status = 'paused';
      } else {
        file.status = 'exception';
        file.message = failureOf(step, error);
      }
    }
    this.emit();
  }

  private progress(file: QueueFile, bytes: number): void {
    file.uploaded = Math.max(0, Math.min(file.size, file.uploaded + bytes));
    file.percent = Math.floor((file.uploaded / file.size) * 100);
    if (bytes > 0) this.meter.add(this.now(), bytes);
    this.emit();
  }

  private emit(): void {
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** The failure as the file shows it; a server refusal keeps its own message (already in the user's language). */
export function failureOf(step: UploadStep, error: unknown): UploadFailure {
  const fields = (error && typeof error === 'object' ? error : {}) as { code?: unknown; message?: unknown; requestId?: unknown };
  const code = typeof fields.code === 'number' ? fields.code : null;
  const refusal = code !== null && code > 0 && typeof fields.message === 'string' ? fields.message : '';
  if (step === 'init') {
    if (code === null) return { key: 'uploadRequestError' };
    return { key: 'uploadInitFailed', params: { message: refusal, code, transferId: typeof fields.requestId === 'string' ? fields.requestId : '' } };
  }
  const key = step === 'transfer' ? 'uploadTransferError' : 'uploadMergeError';
  return refusal ? { key, params: { message: refusal } } : { key };
}
