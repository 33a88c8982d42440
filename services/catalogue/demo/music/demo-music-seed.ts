import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, OBJECT_STORAGE, ReadinessRegistry, type AppConfig, type ObjectStorage } from '@mkt/platform';
import { MUSIC_LIMITS } from '@mkt/contracts';
import { FfmpegRunner, resolveMediaBinaries } from '@mkt/platform/media';
import { MaterialWriter, computePeaks, type NewMaterial } from '@mkt/catalogue';
import { DemoCatalogueSeedService } from '../seed/demo-catalogue-seed.service.js';
import { cutArgs, demoAudioArgs, type DemoAudioSpec } from './demo-music-audio.js';

const PREFIX = 'demo-music';
// One ffmpeg at a time: the demo renders in the background while the server already answers.
const RENDER_CONCURRENCY = 1;

interface DemoTrack {
  key: string;
  kind: 'music' | 'sfx';
  titleZh: string;
  titleEn: string;
  tagsZh: string[];
  tagsEn: string[];
  mood: string;
  genre: string;
  audio: DemoAudioSpec;
  minor: boolean;
  composer: string;
  artist: string;
  priceFen: number;
  hue: number;
  /** Shorter cuts rendered as versions. */
  cuts: number[];
}

const MUSIC_WORDS = [
  ['晨光', 'Morning Light'], ['城市脉搏', 'City Pulse'], ['远山', 'Distant Hills'], ['星河', 'Star River'],
  ['海风', 'Sea Breeze'], ['追光者', 'Light Chaser'], ['夜行', 'Night Drive'], ['春日', 'Spring Day'],
  ['雨巷', 'Rainy Lane'], ['云端', 'Above the Clouds'], ['破晓', 'Daybreak'], ['归途', 'Way Home'],
  ['节拍工厂', 'Beat Factory'], ['霓虹', 'Neon'], ['回声', 'Echoes'], ['极光', 'Aurora'],
  ['旷野', 'Wide Open'], ['微光', 'Glimmer'], ['奔跑', 'Running'], ['时光机', 'Time Machine'],
  ['暖阳', 'Warm Sun'], ['深蓝', 'Deep Blue'], ['序章', 'Prologue'], ['心跳', 'Heartbeat'],
] as const;
const SFX_WORDS = [
  ['转场嗖声', 'Transition Whoosh'], ['按钮点击', 'Button Clicks'], ['鼓点冲击', 'Drum Impacts'], ['电流噪声', 'Static Noise'],
  ['雨声环境', 'Rain Ambience'], ['科技提示音', 'Tech Alerts'], ['心跳脉冲', 'Heartbeat Pulses'], ['风声呼啸', 'Howling Wind'],
  ['扫频上升', 'Rising Sweeps'], ['打字机', 'Typewriter'], ['金属碰撞', 'Metal Hits'], ['游戏得分', 'Game Score'],
] as const;
const MOODS = ['happy', 'calm', 'epic', 'sad', 'tense', 'romantic', 'energetic', 'dreamy'] as const;
const GENRES = ['pop', 'electronic', 'classical', 'ambient', 'rock', 'jazz', 'cinematic', 'folk'] as const;
const MOOD_TAGS: Record<string, [string, string]> = {
  happy: ['欢快', 'cheerful'], calm: ['舒缓', 'relaxing'], epic: ['大气', 'epic'], sad: ['伤感', 'melancholy'],
  tense: ['紧张', 'suspense'], romantic: ['浪漫', 'romantic'], energetic: ['动感', 'upbeat'], dreamy: ['梦幻', 'dreamy'],
};
const GENRE_TAGS: Record<string, [string, string]> = {
  pop: ['流行', 'pop'], electronic: ['电子', 'electronic'], classical: ['古典', 'classical'], ambient: ['氛围', 'ambient'],
  rock: ['摇滚', 'rock'], jazz: ['爵士', 'jazz'], cinematic: ['电影感', 'cinematic'], folk: ['民谣', 'folk'],
};
const EXTRA_TAGS: [string, string][] = [
  ['广告', 'advertising'], ['片头', 'intro'], ['企业宣传', 'corporate'], ['旅行', 'travel'], ['科技', 'technology'],
  ['vlog', 'vlog'], ['自然', 'nature'], ['婚礼', 'wedding'], ['运动', 'sports'], ['城市', 'urban'],
];
const COMPOSERS = ['林一舟', 'Chen Yu', '苏晚', 'Leo Wang', '周默', 'Ava Li'];
const STYLES: DemoAudioSpec['style'][] = ['chord', 'arpeggio', 'pulse', 'chord', 'arpeggio', 'sweep'];
const ROOTS = [196, 220, 246.94, 261.63, 293.66, 329.63];
const MUSIC_SECONDS = [20, 45, 75, 95, 120, 150, 180, 60, 35, 100, 130, 55];

/** DEMO_MUSIC_SIZE: how many tracks and sound effects the demo gets (default 36: 24 + 12). */
function demoMusicSize(): number {
  const size = Number(process.env.DEMO_MUSIC_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 36;
}

/**
 * Pure: the demo's tracks and sound effects (24 + 12), deterministic so restarts agree. A smaller
 * size keeps two thirds music and one third sound effects.
 */
export function demoTracks(size = 36): DemoTrack[] {
  const tracks: DemoTrack[] = MUSIC_WORDS.map(([zh, en], i) => {
    const mood = MOODS[i % MOODS.length]!;
    const genre = GENRES[(i * 3) % GENRES.length]!;
    const extra = [EXTRA_TAGS[i % EXTRA_TAGS.length]!, EXTRA_TAGS[(i + 3) % EXTRA_TAGS.length]!, EXTRA_TAGS[(i + 6) % EXTRA_TAGS.length]!];
    const tags = [MOOD_TAGS[mood]!, GENRE_TAGS[genre]!, ...extra, ['配乐', 'background music'] as [string, string], ['原创', 'original'] as [string, string]];
    const seconds = MUSIC_SECONDS[i % MUSIC_SECONDS.length]!;
    return {
      key: `m${String(i + 1).padStart(2, '0')}`,
      kind: 'music' as const,
      titleZh: zh,
      titleEn: en,
      tagsZh: tags.map((t) => t[0]),
      tagsEn: tags.map((t) => t[1]),
      mood,
      genre,
      audio: { style: STYLES[i % STYLES.length]!, root: ROOTS[i % ROOTS.length]!, bpm: 70 + ((i * 13) % 90), seconds },
      minor: mood === 'sad' || mood === 'tense',
      composer: COMPOSERS[i % COMPOSERS.length]!,
      artist: COMPOSERS[(i + 2) % COMPOSERS.length]!,
      priceFen: [9900, 19900, 29900, 49900][i % 4]!,
      hue: (i * 47) % 360,
      cuts: [60, 30].filter((cut) => cut < seconds - 10),
    };
  });
  SFX_WORDS.forEach(([zh, en], i) => {
    tracks.push({
      key: `s${String(i + 1).padStart(2, '0')}`,
      kind: 'sfx',
      titleZh: zh,
      titleEn: en,
      tagsZh: ['音效', '转场', '剪辑'],
      tagsEn: ['sound effect', 'transition', 'editing'],
      mood: i % 2 === 0 ? 'tense' : 'energetic',
      genre: i % 3 === 0 ? 'ui' : 'foley',
      audio: { style: i % 2 === 0 ? 'noise' : 'sweep', root: ROOTS[i % ROOTS.length]!, bpm: 60 + ((i * 17) % 100), seconds: 20 + (i % 3) * 10 },
      minor: false,
      composer: 'Foley Lab',
      artist: 'Foley Lab',
      priceFen: 4900,
      hue: (i * 29 + 180) % 360,
      cuts: [],
    });
  });
  if (size >= tracks.length) return tracks;
  const musicCount = Math.max(1, Math.ceil((size * 2) / 3));
  return [...tracks.filter((t) => t.kind === 'music').slice(0, musicCount), ...tracks.filter((t) => t.kind === 'sfx').slice(0, size - musicCount)];
}

const SHEETS = [
  { nameZh: '广告片头精选', nameEn: 'Ad openers', descriptionZh: '适合广告与片头的明快配乐', descriptionEn: 'Bright cues for ads and intros', pick: (t: DemoTrack) => ['happy', 'energetic', 'epic'].includes(t.mood), hue: 20 },
  { nameZh: '舒缓氛围', nameEn: 'Calm atmospheres', descriptionZh: '安静、梦幻的背景音乐', descriptionEn: 'Quiet, dreamy backgrounds', pick: (t: DemoTrack) => ['calm', 'dreamy', 'romantic', 'sad'].includes(t.mood), hue: 200 },
  { nameZh: '全部原创曲库', nameEn: 'The whole library', descriptionZh: '本站全部原创音乐', descriptionEn: 'Every original track on the site', pick: (t: DemoTrack) => t.kind === 'music', hue: 280 },
  { nameZh: '剪辑音效包', nameEn: 'Editing sound effects', descriptionZh: '转场、点击与冲击音效', descriptionEn: 'Whooshes, clicks and hits', pick: (t: DemoTrack) => t.kind === 'sfx', hue: 120 },
];

interface RenderedTrack {
  track: DemoTrack;
  listenKey: string;
  originalKey: string;
  coverKey: string;
  peaks: number[];
  duration: number;
  cuts: { seconds: number; key: string; peaks: number[] }[];
}

/**
 * Adds music and sound effects to the demo (a few dozen synthetic tracks rendered with ffmpeg,
 * covers drawn with sharp, shorter versions, and four sheets). Runs in the background once the
 * catalogue's own demo seed has published its first items (that seed looks only at videos and
 * photos, so music beside it changes nothing), and skips itself when any music exists.
 */
@Injectable()
export class DemoMusicSeedService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MusicDemoSeed');
  private running: Promise<void> | null = null;
  private pending = false;
  private stopping = false;

  constructor(
    @InjectDataSource('catalogue') private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly writer: MaterialWriter,
    private readonly catalogueSeed: DemoCatalogueSeedService,
    readiness: ReadinessRegistry,
  ) {
    // DEMO_MUSIC_WAIT=true (the music browser test): ready also means the demo music is complete.
    // Not tied to DEMO_WAIT, so browser tests of other areas do not wait for audio rendering.
    if (process.env.DEMO_MUSIC_WAIT === 'true') {
      readiness.register({
        name: 'catalogue:demo-music',
        check: async () => {
          if (this.pending) throw new Error('demo music is being rendered');
        },
      });
    }
  }

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo || process.env.DEMO_MUSIC === 'false') return;
    this.pending = true;
    this.running = this.afterCatalogueSeed()
      .then(() => (this.stopping ? null : this.seed()))
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'demo music seed failed'),
      )
      .finally(() => {
        this.pending = false;
      });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Music starts once the first videos and photos are in the store (or the catalogue seed has ended), not after all of them. */
  private async afterCatalogueSeed(): Promise<void> {
    // The catalogue seed is off when seeding is off or it has not bootstrapped yet: wait for it to start or to be known off.
    await new Promise((r) => setImmediate(r));
    if (this.catalogueSeed.status !== 'off') await this.catalogueSeed.firstWave;
  }

  /** Creates the demo music unless music exists; returns how many tracks (with versions) were created. */
  async seed(): Promise<number | null> {
    const [existing] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM catalogue.materials WHERE kind IN ('music', 'sfx')`)) as { n: number }[];
    if ((existing?.n ?? 0) > 0) return null;
    const started = Date.now();
    const binaries = await resolveMediaBinaries();
    const runner = new FfmpegRunner(binaries);
    const workDir = join(this.config.dataDir, 'tmp', PREFIX);
    await mkdir(workDir, { recursive: true });
    await this.storage.ensureBucket('renditions');
    await this.storage.ensureBucket('originals');

    const tracks = demoTracks(demoMusicSize());
    const rendered: RenderedTrack[] = [];
    let next = 0;
    const worker = async () => {
      while (next < tracks.length && !this.stopping) {
        const track = tracks[next++]!;
        try {
          rendered.push(await this.renderTrack(track, runner, binaries.ffmpeg, workDir));
        } catch (error) {
          this.logger.warn({ key: track.key, err: error instanceof Error ? error.message : String(error) }, 'demo track not rendered, skipped');
        }
      }
    };
    await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
    await rm(workDir, { recursive: true, force: true });
    if (this.stopping || rendered.length === 0) return 0;
    rendered.sort((a, b) => a.track.key.localeCompare(b.track.key));

    const inputs: NewMaterial[] = rendered.map((r) => material(r.track, r.track.titleZh, r.track.titleEn, r.duration, r.coverKey, r.listenKey, r.originalKey));
    const created = await this.writer.createMany(inputs);
    const idOf = new Map(rendered.map((r, i) => [r.track.key, created[i]!.id]));
    await this.insertDetails(rendered.map((r, i) => ({ id: created[i]!.id, track: r.track, peaks: r.peaks, parentId: null, versionName: '' })));

    const versionInputs: NewMaterial[] = [];
    const versionMeta: { track: DemoTrack; peaks: number[]; parentId: number; versionName: string }[] = [];
    for (const r of rendered) {
      for (const cut of r.cuts) {
        versionInputs.push(material(r.track, `${r.track.titleZh} ${cut.seconds}秒版`, `${r.track.titleEn} (${cut.seconds}s)`, cut.seconds, r.coverKey, cut.key, r.originalKey));
        versionMeta.push({ track: r.track, peaks: cut.peaks, parentId: idOf.get(r.track.key)!, versionName: `${cut.seconds}s` });
      }
    }
    const versions = await this.writer.createMany(versionInputs);
    await this.insertDetails(versionMeta.map((v, i) => ({ ...v, id: versions[i]!.id })));
    await this.createSheets(rendered, idOf);
    this.logger.log({ tracks: created.length, versions: versions.length, seconds: Math.round((Date.now() - started) / 1000) }, 'demo music ready');
    return created.length + versions.length;
  }

  private async renderTrack(track: DemoTrack, runner: FfmpegRunner, ffmpeg: string, workDir: string): Promise<RenderedTrack> {
    const base = `${PREFIX}/${track.key}`;
    const listenFile = join(workDir, `${track.key}-listen.mp3`);
    const originalFile = join(workDir, `${track.key}-original.mp3`);
    await runner.ffmpeg(demoAudioArgs(track.audio, [{ file: listenFile, bitrateK: 96 }, { file: originalFile, bitrateK: 192 }], track.minor));
    const peaks = await computePeaks(ffmpeg, listenFile, MUSIC_LIMITS.wavePeaks);
    const listenKey = `${base}/listen.mp3`;
    await this.storage.put('renditions', listenKey, await readFile(listenFile), { contentType: 'audio/mpeg' });
    await this.storage.put('originals', `${base}/original.mp3`, await readFile(originalFile), { contentType: 'audio/mpeg' });
    const coverKey = `${base}/cover.jpg`;
    await this.storage.put('renditions', coverKey, await coverImage(track.hue), { contentType: 'image/jpeg' });
    const cuts: RenderedTrack['cuts'] = [];
    for (const seconds of track.cuts) {
      const cutFile = join(workDir, `${track.key}-${seconds}.mp3`);
      await runner.ffmpeg(cutArgs(listenFile, seconds, cutFile));
      const key = `${base}/listen-${seconds}s.mp3`;
      await this.storage.put('renditions', key, await readFile(cutFile), { contentType: 'audio/mpeg' });
      cuts.push({ seconds, key: `renditions/${key}`, peaks: await computePeaks(ffmpeg, cutFile, MUSIC_LIMITS.wavePeaks) });
    }
    return {
      track,
      listenKey: `renditions/${listenKey}`,
      originalKey: `originals/${base}/original.mp3`,
      coverKey: `renditions/${coverKey}`,
      peaks,
      duration: track.audio.seconds,
      cuts,
    };
  }

  private async insertDetails(rows: { id: number; track: DemoTrack; peaks: number[]; parentId: number | null; versionName: string }[]): Promise<void> {
    for (const row of rows) {
      const t = row.track;
      await this.dataSource.query(
        `INSERT INTO catalogue.music_details (material_id, composer, artist, mastery, maker, arranger, author, bpm, mood, genre, price_fen, parent_id, version_name, source_note, peaks)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          row.id, t.composer, t.artist, 'Studio North', 'Blue Hour Music', t.composer, t.kind === 'sfx' ? '' : t.artist, t.audio.bpm, t.mood, t.genre,
          t.priceFen, row.parentId, row.versionName, 'Synthetic demo audio rendered with ffmpeg', JSON.stringify(row.peaks),
        ],
      );
    }
  }

  private async createSheets(rendered: RenderedTrack[], idOf: Map<string, number>): Promise<void> {
    for (const [index, sheet] of SHEETS.entries()) {
      const coverKey = `${PREFIX}/sheets/${index + 1}.jpg`;
      await this.storage.put('renditions', coverKey, await coverImage(sheet.hue), { contentType: 'image/jpeg' });
      const [row] = (await this.dataSource.query(
        `INSERT INTO catalogue.music_sheets (name_zh, name_en, description_zh, description_en, cover_key, sort) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [sheet.nameZh, sheet.nameEn, sheet.descriptionZh, sheet.descriptionEn, `renditions/${coverKey}`, index],
      )) as { id: number }[];
      const members = rendered.filter((r) => sheet.pick(r.track));
      for (const [sort, r] of members.entries()) {
        await this.dataSource.query(`INSERT INTO catalogue.music_sheet_items (sheet_id, material_id, sort) VALUES ($1, $2, $3)`, [row!.id, idOf.get(r.track.key), sort]);
      }
    }
  }
}

function material(track: DemoTrack, titleZh: string, titleEn: string, duration: number, coverKey: string, listenKey: string, originalKey: string): NewMaterial {
  return {
    kind: track.kind,
    status: 'published',
    titleZh,
    titleEn,
    keywordsZh: track.tagsZh,
    keywordsEn: track.tagsEn,
    descriptionZh: `${track.titleZh}：合成示例音频`,
    descriptionEn: `${track.titleEn}: synthetic demo audio`,
    duration,
    thumbnailKey: coverKey,
    preview480Key: listenKey,
    sampleKey: listenKey,
    originalKey,
  };
}

/** A square gradient cover with the title, drawn with sharp. */
/** Cover art without words: one image serves both languages, whose names the pages print beside it. */
async function coverImage(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,25%)"/>
    </linearGradient></defs>
    <rect width="480" height="480" fill="url(#g)"/>
    <circle cx="240" cy="210" r="120" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="10"/>
    <circle cx="240" cy="210" r="28" fill="rgba(255,255,255,0.7)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
