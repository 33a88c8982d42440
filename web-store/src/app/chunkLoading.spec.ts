import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, CssLoadError, loadChunk, loadErrorKind, toLoadError } from './chunkLoading';

describe('chunk loading', () => {
  it('waits 120 seconds before giving up on a chunk', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }), 'Login', 50)).resolves.toEqual({ default: 'page' });
  });

  it('raises a ChunkLoadError when the chunk hangs past the timeout', async () => {
    const error = await loadChunk(() => new Promise(() => undefined), 'Login', 20).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/Login.js');
    const error = await loadChunk(() => Promise.reject(failure), 'Login', 50).catch((caught: unknown) => caught);
    expect(loadErrorKind(error)).toBe('chunk');
    expect((error as ChunkLoadError).cause).toBe(failure);
  });

  it("recognises Vite's stylesheet preload failure as a CSS load error", () => {
    const error = toLoadError(new Error('Unable to preload CSS for /assets/Login.css'), 'Login');
    expect(error).toBeInstanceOf(CssLoadError);
    expect(loadErrorKind(error)).toBe('css');
  });

  it('leaves ordinary errors alone', () => {
    expect(loadErrorKind(new Error('boom'))).toBe('other');
  });
});
