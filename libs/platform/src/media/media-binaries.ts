import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

export interface BinaryCandidates {
  /** FFMPEG_PATH / FFPROBE_PATH: an operator's explicit choice wins. */
  override?: string;
  /** Found on PATH: a distribution build, usually newer than the bundled one. */
  onPath?: string;
  /** The npm static build: always there after `npm install`, so a bare machine still works. */
  bundled?: string;
}

/** Pure: the order of preference between the three places a binary can come from. */
export function chooseBinary(name: string, candidates: BinaryCandidates): string {
  const chosen = candidates.override || candidates.onPath || candidates.bundled;
  if (!chosen) throw new Error(`No ${name} found: install it, or set ${name.toUpperCase()}_PATH`);
  return chosen;
}

let resolved: Promise<MediaBinaries> | undefined;

/** Finds ffmpeg and ffprobe once per process. */
export function resolveMediaBinaries(env: NodeJS.ProcessEnv = process.env): Promise<MediaBinaries> {
  resolved ??= (async () => ({
    ffmpeg: chooseBinary('ffmpeg', { override: env.FFMPEG_PATH, onPath: await findOnPath('ffmpeg', env.PATH), bundled: await bundledPath('@ffmpeg-installer/ffmpeg') }),
    ffprobe: chooseBinary('ffprobe', { override: env.FFPROBE_PATH, onPath: await findOnPath('ffprobe', env.PATH), bundled: await bundledPath('@ffprobe-installer/ffprobe') }),
  }))();
  return resolved;
}

async function findOnPath(name: string, searchPath = ''): Promise<string | undefined> {
  for (const dir of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory; keep looking.
    }
  }
  return undefined;
}

/** The installer packages throw on platforms they have no build for; that just means "none". */
async function bundledPath(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): Promise<string | undefined> {
  try {
    const installer = (await import(pkg)) as { default?: { path?: string }; path?: string };
    return installer.default?.path ?? installer.path;
  } catch {
    return undefined;
  }
}
