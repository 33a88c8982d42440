import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DemoMediaSpec } from './demo-media-spec.js';
import type { RenderedFile, RenderedMedia } from './rendered-media.js';

/**
 * Rendered demo media kept in a folder outside any data folder, so a demo seeded again on a new
 * data folder (every browser test starts one) copies the files instead of rendering them. An entry
 * is named by a hash of the render version and the spec, so a changed spec or renderer misses it.
 * Entries are written to a scratch name and renamed into place: readers never see half of one.
 */
export class RenderedMediaCache {
  constructor(
    private readonly dir: string,
    private readonly version: number,
  ) {}

  async read(spec: DemoMediaSpec): Promise<RenderedMedia | null> {
    const entry = this.entryDir(spec);
    try {
      const media = JSON.parse(await readFile(join(entry, 'media.json'), 'utf8')) as RenderedMedia;
      // Stored with bare file names: the entry may have been moved with its folder.
      const at = (file: RenderedFile | undefined) => file && { ...file, path: join(entry, file.path) };
      const { original, thumbnail, sample, preview480, previewStrip } = media.files;
      return { ...media, files: { original: at(original)!, thumbnail: at(thumbnail)!, sample: at(sample)!, preview480: at(preview480), previewStrip: at(previewStrip) } };
    } catch {
      // Missing or unreadable: render as if there were no cache.
      return null;
    }
  }

  async write(spec: DemoMediaSpec, media: RenderedMedia): Promise<void> {
    const entry = this.entryDir(spec);
    const scratch = `${entry}.${randomUUID()}.tmp`;
    await mkdir(scratch, { recursive: true });
    try {
      const files: Record<string, RenderedFile> = {};
      for (const [role, file] of Object.entries(media.files)) {
        if (!file) continue;
        const name = `${role}-${basename(file.path)}`;
        await copyFile(file.path, join(scratch, name));
        files[role] = { ...file, path: name };
      }
      await writeFile(join(scratch, 'media.json'), JSON.stringify({ ...media, files }));
      await rename(scratch, entry);
    } catch (error) {
      // Another process won the race (the entry exists): theirs is as good as ours.
      await rm(scratch, { recursive: true, force: true });
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }

  private entryDir(spec: DemoMediaSpec): string {
    const { key, kind, seed, width, height, durationSeconds, fps, palette } = spec;
    const hash = createHash('sha256').update(JSON.stringify([this.version, key, kind, seed, width, height, durationSeconds, fps, palette])).digest('hex').slice(0, 24);
    return join(this.dir, `${key}-${hash}`);
  }
}
