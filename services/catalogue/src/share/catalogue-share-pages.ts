import { Injectable } from '@nestjs/common';
import {
  SharePagePaths,
  formatMessage,
  materialDetailRequestSchema,
  musicIdRequestSchema,
  sharedBoardOpenRequestSchema,
  topicRequestSchema,
  type Language,
  type MaterialKind,
} from '@mkt/contracts';
import type { SharePage } from '@mkt/platform';
import { SharedBoardsService } from '../boards/shared-boards.service.js';
import { kindOfMusicType } from '../music/music-rows.js';
import { MusicReadService } from '../music/music-read.service.js';
import { CatalogueReadService } from '../store/catalogue-read.service.js';

type Query = Readonly<Record<string, unknown>>;

/**
 * The size of every video's and photo's thumbnail, as the upload pipeline and the demo render
 * it (16:9); board covers are such thumbnails. Music covers and topic covers have no fixed size.
 */
const THUMBNAIL = { width: 640, height: 360 } as const;

/** The page each kind of material is shown on: its shared link's canonical address. */
const DETAIL_PATH: Record<MaterialKind, string> = {
  video: SharePagePaths.catalogue.videoDetail[0],
  photo: SharePagePaths.catalogue.photoDetail[0],
  music: SharePagePaths.catalogue.musicDetail[0],
  sfx: SharePagePaths.catalogue.musicDetail[0],
};

/**
 * The catalogue's shared pages (ADR 0029), read as visitors read them: published materials and
 * topics through the store's own reads, boards through a live guest link. A query value the
 * store's calls would refuse (the same schemas) shows nothing; so does what they answer 404.
 */
@Injectable()
export class CatalogueSharePages {
  constructor(
    private readonly read: CatalogueReadService,
    private readonly music: MusicReadService,
    private readonly boards: SharedBoardsService,
  ) {}

  /** /Detail, /detail, /DetailPic, /detailpic: any published material (each page shows any kind), at its own kind's address. */
  async material(query: Query, language: Language): Promise<SharePage | null> {
    const request = materialDetailRequestSchema.safeParse({ id: query.id });
    if (!request.success) return null;
    const material = await this.read.detail(request.data.id, language, null);
    if (material.kind === 'music' || material.kind === 'sfx') return this.track(material.id, language);
    return {
      title: material.title,
      description: material.description || formatMessage(language, 'shareMaterialDescription', { kind: material.kind, code: material.code }),
      path: `${DETAIL_PATH[material.kind]}?id=${material.id}`,
      type: material.kind === 'video' ? 'video.other' : 'website',
      image: material.thumbnail ? { src: material.thumbnail, ...THUMBNAIL } : null,
    };
  }

  /** /DetailMusic: a published track or sound effect. */
  async musicDetail(query: Query, language: Language): Promise<SharePage | null> {
    const request = musicIdRequestSchema.safeParse({ musicId: query.id });
    return request.success ? this.track(request.data.musicId, language) : null;
  }

  /** /Topic: a published topic, from the store's cached list of them. */
  async topic(query: Query, language: Language): Promise<SharePage | null> {
    const request = topicRequestSchema.safeParse({ id: query.id });
    if (!request.success) return null;
    const topic = (await this.read.topics(language)).find((each) => each.id === request.data.id);
    if (!topic) return null;
    return {
      title: topic.title,
      description: topic.description || formatMessage(language, 'shareTopicDescription', { count: topic.materialCount }),
      path: `${SharePagePaths.catalogue.topic[0]}?id=${topic.id}`,
      type: 'website',
      image: topic.homeCover ? { src: topic.homeCover } : null,
    };
  }

  /** /SharedBoard: the board of a live guest link without a password; the members' /Board page has no shared page. */
  async sharedBoard(query: Query, language: Language): Promise<SharePage | null> {
    const request = sharedBoardOpenRequestSchema.safeParse({ token: query.token });
    if (!request.success) return null;
    const board = await this.boards.preview(request.data.token);
    if (!board) return null;
    return {
      title: board.name,
      description: formatMessage(language, 'shareBoardDescription', { count: board.itemCount }),
      // The token is the link's secret, but only whoever holds the link gets this far.
      path: `${SharePagePaths.catalogue.sharedBoard[0]}?token=${encodeURIComponent(request.data.token)}`,
      type: 'website',
      image: board.cover ? { src: board.cover, ...THUMBNAIL } : null,
    };
  }

  private async track(id: number, language: Language): Promise<SharePage> {
    const track = await this.music.detail(id, language, null);
    const kind = kindOfMusicType(track.musicType);
    return {
      title: track.musicName,
      description: formatMessage(language, 'shareMusicDescription', { kind, title: track.musicName, duration: track.durationText }),
      path: `${DETAIL_PATH[kind]}?id=${track.musicId}`,
      type: 'music.song',
      image: track.coverStr ? { src: track.coverStr } : null,
    };
  }
}
