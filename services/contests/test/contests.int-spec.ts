import type { ContestDetail, ContestListResponse, EntryView, JudgeView, JudgeWorksResponse, MyEntriesResponse, MyPointsResponse, ContestResultsView } from '@mkt/contracts';
import { clip, picture, reencoded } from './contest-media.js';
import { MultipartUploadNotFoundError, OBJECT_STORAGE, type ObjectStorage } from '@mkt/platform';
import { AbandonedFilesSweeper } from '../src/files/abandoned-files.sweeper.js';
import { CONTEST_BUCKET } from '../src/files/contest-file-links.js';
import { startContests, type ContestsHarness } from './contests-harness.js';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** Phases whose `current` one holds now; the others follow each other a few days apart. */
function phasesAround(current: 'submission' | 'review' | 'announcement') {
  const order = ['submission', 'review', 'announcement', 'publicity', 'ceremony', 'exhibition'] as const;
  const start = -order.indexOf(current) * 10 - 1;
  return Object.fromEntries(order.map((phase, index) => [phase, { startsAt: iso(start + index * 10), endsAt: iso(start + index * 10 + 9) }]));
}

const setup = (phase: 'submission' | 'review' | 'announcement', trackIds: (number | undefined)[] = []) => ({
  titleZh: '城市之光摄影大赛',
  titleEn: 'City Lights Contest',
  rulesZh: '规则',
  rulesEn: 'Rules',
  maxScore: 10,
  pointsPool: 1_000_000,
  winnerInfoDays: 2,
  phases: phasesAround(phase),
  tracks: [
    { id: trackIds[0], kind: 'video', titleZh: '视频赛道', titleEn: 'Video track' },
    { id: trackIds[1], kind: 'photo', titleZh: '组图赛道', titleEn: 'Photo track' },
    { id: trackIds[2], kind: 'photo', titleZh: '风光赛道', titleEn: 'Landscape track' },
  ],
  prizes: [
    { trackIndex: 0, place: 1, winners: 1, titleZh: '一等奖', titleEn: 'First prize', cashFen: 800_000 },
    { trackIndex: 1, place: 1, winners: 1, titleZh: '一等奖', titleEn: 'First prize', cashFen: 800_000 },
    { trackIndex: null, place: 4, winners: 1, titleZh: '车主奖', titleEn: 'Owner award', cashFen: 888_800, eligibility: 'owner' },
  ],
});

const details = { title: 'Night market', signature: 'Lin', location: 'Chengdu', intro: 'Steam and lights', equipment: 'A7S III', age: 30, gender: 'female', declaration: true };

describe('contests service', () => {
  let h: ContestsHarness;
  let manager: string;
  let contestId: number;
  let tracks: { video: number; photo: number; landscape: number };

  beforeAll(async () => {
    h = await startContests();
    manager = await h.staffToken(['contest-manager']);
  }, 120_000);
  afterAll(() => h?.close());

  /** Reads the whole answer: an unread body keeps its connection, and the server's stop waits for it. */
  async function linkStatus(url: string): Promise<number> {
    const response = await h.fetchLink(url);
    await response.arrayBuffer();
    return response.status;
  }

  it('lets contest managers, and no other staff, set a contest up; phases must keep their order', async () => {
    expect((await h.admin('POST', '/contests', { token: await h.staffToken(['finance']), body: setup('submission') })).status).toBe(403);
    const misordered = { ...setup('submission'), phases: { ...phasesAround('submission'), review: { startsAt: iso(-30), endsAt: iso(-29) } } };
    const refused = await h.admin<{ code: number; message: string }>('POST', '/contests', { token: manager, body: misordered });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([422, 8013, 'Phase 2 must end after it starts, and not before the previous phase ends']);
    const inChinese = await h.admin<{ message: string }>('POST', '/contests', { token: manager, body: misordered, lang: 'zh-CN' });
    expect(inChinese.body.message).toBe('第 2 个阶段须在开始之后结束，且不能早于上一阶段结束');
    const created = await h.admin<{ id: number; tracks: { id: number }[]; stage: string }>('POST', '/contests', { token: manager, body: setup('submission') });
    expect(created.status).toBe(201);
    expect(created.body.stage).toBe('submission');
    contestId = created.body.id;
    const [video, photo, landscape] = created.body.tracks.map((track) => track.id);
    tracks = { video: video!, photo: photo!, landscape: landscape! };
    const audit = await h.sql<{ action: string }>(`SELECT action FROM contests.audit_log WHERE resource = 'contests'`);
    expect(audit.map((row) => row.action)).toEqual(['contest.create']);
  });

  it('lists contests with the number taking entries, in the reader’s language', async () => {
    const list = await h.call<ContestListResponse>('/home/gameList', { body: { pageNo: 1, pageSize: 100 }, lang: 'zh-CN' });
    expect(list.body.data.collectingGameCount).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id: contestId, title: '城市之光摄影大赛', stage: 'submission', trackCount: 3, totalCashFen: 2_488_800 });
    const detail = await h.call<ContestDetail>('/contest/detail', { body: { id: contestId } });
    expect(detail.body.data.tracks.map((track) => track.title)).toEqual(['Video track', 'Photo track', 'Landscape track']);
    expect((await h.call('/contest/detail', { body: { id: 99_999 } })).body.code).toBe(8001);
    expect((await h.call('/home/gameList', { body: { pageSize: 101 } })).status).toBe(422);
  });

  it('checks entry files on their real content and says which rule a file breaks', async () => {
    const { token } = await h.user();
    const target = (trackId: number, role: 'video' | 'cover' | 'photo', fileName: string) => ({ contestId, trackId, role, fileName });
    const small = await clip('hd-720p', { source: 'testsrc2', width: 1280, height: 720, seconds: 31 });
    const wrongSize = await h.upload(token, target(tracks.video, 'video', 'small.mp4'), small);
    expect([wrongSize.status, wrongSize.body.code, wrongSize.body.message]).toEqual([422, 8005, 'small.mp4: the video must be 1920x1080']);
    const short = await h.upload(token, target(tracks.video, 'video', 'short.mp4'), await clip('fhd-short', { source: 'testsrc2', width: 1920, height: 1080, seconds: 10 }));
    expect(short.body.message).toBe('short.mp4: the video must be over 30 seconds and under 5 minutes');
    const png = await h.upload(token, target(tracks.photo, 'photo', 'a.png'), await picture(1, { format: 'png' }));
    expect(png.body.message).toBe('a.png: the photo must be a JPG');
    const text = await h.upload(token, target(tracks.photo, 'photo', 'b.jpg'), Buffer.from('not a picture at all'));
    expect(text.body.message).toBe('b.jpg: the file cannot be read');
    const tooBig = await h.call('/contest/file/start', { token, body: { ...target(tracks.photo, 'photo', 'huge.jpg'), fileSize: 6 * 1024 * 1024 }, lang: 'zh-CN' });
    expect([tooBig.status, tooBig.body.message]).toEqual([422, '文件大小错误：huge.jpg 为 6.0 MB，不能超过 5MB']);
    const wrongRole = await h.call('/contest/file/start', { token, body: { ...target(tracks.photo, 'video', 'v.mp4'), fileSize: 1000 } });
    expect(wrongRole.body.code).toBe(8015);
    // Nothing refused is kept.
    const kept = await h.sql<{ count: number }>(`SELECT count(*)::int AS count FROM contests.files WHERE status = 'ready'`);
    expect(kept[0]!.count).toBe(0);
  }, 120_000);

  let entrant: { userId: string; token: string };
  let videoEntry: EntryView;
  let photoEntry: EntryView;
  let groupPhotos: Buffer[];

  it('takes a video with its cover, and a group of 5 to 9 photos, with complete details', async () => {
    entrant = await h.user();
    const { token } = entrant;
    const video = await h.upload(token, { contestId, trackId: tracks.video, role: 'video', fileName: 'market.mp4' }, await clip('fhd-31s', { source: 'testsrc2', width: 1920, height: 1080, seconds: 31 }));
    expect(video.body.data).toMatchObject({ role: 'video', width: 1920, height: 1080, durationSeconds: 31 });
    const cover = await h.upload(token, { contestId, trackId: tracks.video, role: 'cover', fileName: 'cover.jpg' }, await picture(2, { width: 1920, height: 1080 }));
    expect(cover.status).toBe(200);
    const incomplete = await h.call('/contest/entry/submit', { token, body: { contestId, trackId: tracks.video, type: 'video', ...details, location: '  ', fileIds: [video.body.data.id, cover.body.data.id] } });
    expect([incomplete.status, incomplete.body.message]).toEqual([422, 'Please fill in the complete information before submitting']);
    const undeclared = await h.call('/contest/entry/submit', { token, body: { contestId, trackId: tracks.video, type: 'video', ...details, declaration: false, fileIds: [video.body.data.id, cover.body.data.id] } });
    expect(undeclared.body.code).toBe(8012);
    const entered = await h.call<EntryView>('/contest/entry/submit', { token, body: { contestId, trackId: tracks.video, type: 'video', ...details, ownerFlag: true, fileIds: [video.body.data.id, cover.body.data.id] } });
    expect(entered.status).toBe(200);
    videoEntry = entered.body.data;
    expect(videoEntry).toMatchObject({ status: 'submitted', trackTitle: 'Video track', kind: 'video' });
    expect(videoEntry.files.map((file) => file.role)).toEqual(['video', 'cover']);
    expect(await linkStatus(videoEntry.files[0]!.url!)).toBe(200);
    // A file holds one entry only.
    const again = await h.call('/contest/entry/submit', { token, body: { contestId, trackId: tracks.video, type: 'video', ...details, fileIds: [video.body.data.id, cover.body.data.id] } });
    expect(again.body.code).toBe(8007);

    groupPhotos = await Promise.all([10, 11, 12, 13, 14].map((seed) => picture(seed)));
    const ids: string[] = [];
    for (const [i, bytes] of groupPhotos.entries()) ids.push((await h.upload(token, { contestId, trackId: tracks.photo, role: 'photo', fileName: `p${i}.jpg` }, bytes)).body.data.id);
    const four = await h.call('/contest/entry/submit', { token, body: { contestId, trackId: tracks.photo, type: 'photo', ...details, fileIds: ids.slice(0, 4) } });
    expect([four.status, four.body.message]).toEqual([422, 'Insufficient images in the group: a group has 5 to 9 images, this one has 4']);
    const five = await h.call<EntryView>('/contest/entry/submit', { token, body: { contestId, trackId: tracks.photo, type: 'photo', ...details, studentFlag: true, fileIds: ids } });
    expect(five.status).toBe(200);
    photoEntry = five.body.data;
    expect(photoEntry.files).toHaveLength(5);
    expect(await h.announced('contest.entry.submitted')).toHaveLength(2);
  }, 120_000);

  it('refuses the same work in a second track, even re-encoded, and a 16th entry in a track', async () => {
    const { token, userId } = entrant;
    const ids: string[] = [];
    const copies = [await reencoded(groupPhotos[2]!), ...(await Promise.all([20, 21, 22, 23].map((seed) => picture(seed))))];
    for (const [i, bytes] of copies.entries()) ids.push((await h.upload(token, { contestId, trackId: tracks.landscape, role: 'photo', fileName: `l${i}.jpg` }, bytes)).body.data.id);
    const same = await h.call('/contest/entry/submit', { token, body: { contestId, trackId: tracks.landscape, type: 'photo', ...details, fileIds: ids } });
    expect([same.status, same.body.message]).toEqual([409, 'One work cannot enter several tracks (it is already in "Photo track")']);

    await h.sql(
      `INSERT INTO contests.entries (contest_id, track_id, user_id, kind, title, signature, location, intro, equipment, age, gender, owner_flag, student_flag, status, submitted_at)
       SELECT $1, $2, $3, 'photo', 'old', 's', 'l', 'i', 'e', 30, 'male', false, false, 'submitted', now() FROM generate_series(1, 14)`,
      [contestId, tracks.photo, userId],
    );
    const fresh: string[] = [];
    for (const seed of [30, 31, 32, 33, 34]) fresh.push((await h.upload(token, { contestId, trackId: tracks.photo, role: 'photo', fileName: `n${seed}.jpg` }, await picture(seed))).body.data.id);
    const sixteenth = await h.call('/contest/entry/submit', { token, body: { contestId, trackId: tracks.photo, type: 'photo', ...details, fileIds: fresh } });
    expect([sixteenth.status, sixteenth.body.message]).toEqual([409, 'At most 15 submissions per track per person']);
    await h.sql(`DELETE FROM contests.entries WHERE title = 'old'`);
  }, 120_000);

  it('keeps each participant’s entries and files their own', async () => {
    const other = await h.user();
    const mine = await h.call<MyEntriesResponse>('/contest/entry/my', { token: other.token, body: { contestId } });
    expect(mine.body.data.entries).toEqual([]);
    const theirFile = photoEntry.files[0]!.id;
    expect((await h.call('/contest/file/finish', { token: other.token, body: { fileId: theirFile } })).body.code).toBe(8004);
    const borrowed = await h.call('/contest/entry/submit', { token: other.token, body: { contestId, trackId: tracks.photo, type: 'photo', ...details, fileIds: photoEntry.files.map((f) => f.id) } });
    expect(borrowed.body.code).toBe(8007);
    expect((await h.call('/contest/entry/my', { body: {} })).status).toBe(401);
    const own = await h.call<MyEntriesResponse>('/contest/entry/my', { token: entrant.token, body: {} });
    expect(own.body.data.entries.map((entry) => entry.id).sort()).toEqual([videoEntry.id, photoEntry.id].sort());
  });

  it('answers malformed input with a localized 4xx', async () => {
    const { token } = await h.user();
    for (const body of [
      { contestId: '1e99', trackId: 1, role: 'photo', fileName: 'a.jpg', fileSize: 1 },
      { contestId: 2 ** 40, trackId: 1, role: 'photo', fileName: 'a.jpg', fileSize: 1 },
      { contestId, trackId: tracks.photo, role: 'photo', fileName: '\u0000', fileSize: 1 },
      { contestId, trackId: tracks.photo, role: 'sound', fileName: 'a.jpg', fileSize: 1 },
      { contestId, trackId: tracks.photo, role: 'photo', fileName: 'a.jpg', fileSize: -5 },
    ]) {
      const reply = await h.call('/contest/file/start', { token, body, lang: 'zh-CN' });
      expect(reply.status).toBe(422);
      expect(reply.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await h.call('/contest/entry/submit', { token, raw: '{"contestId":' })).status).toBe(400);
    expect((await h.call('/judge/score', { body: { key: 'x', entryId: 'one', score: 1 } })).status).toBe(422);
    expect((await h.admin('GET', '/contests/abc', { token: manager })).status).toBe(404);
  });

  let key: string;

  it('gives judges keys shown once, opening only their tracks, by type, with paging', async () => {
    const judge = await h.admin<{ id: string; key: string; keyHint: string }>('POST', '/contest-judges', { token: manager, body: { contestId, name: 'Judge Wang', trackIds: [tracks.video, tracks.photo] } });
    expect(judge.status).toBe(201);
    key = judge.body.key;
    expect(key).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
    const listed = await h.admin<Record<string, unknown>[]>('GET', `/contest-judges?filter=${encodeURIComponent(JSON.stringify({ contestId }))}`, { token: manager });
    expect(listed.body[0]).not.toHaveProperty('key');
    expect(JSON.stringify(await h.sql('SELECT * FROM contests.judges'))).not.toContain(key.replace(/-/g, ''));

    const wrong = await h.call('/judge/signin', { body: { key: 'AAAA-BBBB-CCCC-DDDD-EEEE' } });
    expect([wrong.status, wrong.body.message]).toEqual([403, 'Please enter a valid key']);
    const signedIn = await h.call<JudgeView>('/judge/signin', { body: { key: key.toLowerCase() } });
    expect(signedIn.body.data).toMatchObject({ name: 'Judge Wang', maxScore: 10, kinds: ['video', 'photo'], open: false });

    const photos = await h.call<JudgeWorksResponse>('/judge/works', { body: { key, type: 'photo', pageNo: 1, pageSize: 1 } });
    expect(photos.body.data).toMatchObject({ total: 1, hasPrevious: false, hasNext: false, scorable: false });
    expect(photos.body.data.list[0]!.files).toHaveLength(5);
    // Submission is still open: nobody scores yet.
    const early = await h.call('/judge/score', { body: { key, entryId: photoEntry.id, score: 5 } });
    expect(early.body.code).toBe(8022);
  });

  it('takes integer scores up to the maximum during the review only, and publishes ranked results with awards and points', async () => {
    const current = await h.admin<{ tracks: { id: number }[] }>('GET', `/contests/${contestId}`, { token: manager });
    const ids = current.body.tracks.map((track) => track.id);
    expect((await h.admin('PUT', `/contests/${contestId}`, { token: manager, body: setup('review', ids) })).status).toBe(200);

    const video = await h.call<JudgeWorksResponse>('/judge/works', { body: { key, type: 'video' } });
    expect(video.body.data).toMatchObject({ total: 1, scorable: true });
    expect((await h.call('/judge/score', { body: { key, entryId: videoEntry.id, score: 11 } })).body.message).toBe('A score is a whole number from 0 to 10 (0 means unscored)');
    expect((await h.call('/judge/score', { body: { key, entryId: videoEntry.id, score: 2.5 } })).status).toBe(422);
    // At once, as several judges' clicks arrive: they share statements, a repeated click waits for the first.
    const burst = await Promise.all(
      [[videoEntry.id, 9], [photoEntry.id, 7], [photoEntry.id, 11], [videoEntry.id, 9], [photoEntry.id, 7]].map(([entryId, score]) => h.call('/judge/score', { body: { key, entryId, score } })),
    );
    expect(burst.map((reply) => reply.status)).toEqual([200, 200, 422, 200, 200]);
    const mine = await h.call<JudgeWorksResponse>('/judge/works', { body: { key, type: 'video' } });
    expect(mine.body.data.list[0]!.myScore).toBe(9);

    // A judge of the video track only: the photo entry is not theirs, and a revoked key stops at once.
    const videoJudge = await h.admin<{ id: string; key: string }>('POST', '/contest-judges', { token: manager, body: { contestId, name: 'Judge Li', trackIds: [tracks.video] } });
    expect((await h.call('/judge/score', { body: { key: videoJudge.body.key, entryId: photoEntry.id, score: 4 } })).body.code).toBe(8023);
    expect((await h.call('/judge/score', { body: { key: videoJudge.body.key, entryId: videoEntry.id, score: 0 } })).status).toBe(200);
    expect((await h.admin('POST', `/contest-judges/${videoJudge.body.id}/revoke`, { token: manager })).status).toBe(200);
    expect((await h.call('/judge/score', { body: { key: videoJudge.body.key, entryId: videoEntry.id, score: 6 } })).body.code).toBe(8020);
    const scored = await h.announced<{ entryId: number; score: number }>('contest.entry.scored');
    expect(scored.map((event) => `${event.entryId}:${event.score}`).sort()).toEqual(
      [`${videoEntry.id}:9`, `${videoEntry.id}:9`, `${photoEntry.id}:7`, `${photoEntry.id}:7`, `${videoEntry.id}:0`].sort(),
    );

    const early = await h.admin<{ code: number }>('POST', `/contests/${contestId}/publish-results`, { token: manager });
    expect(early.body.code).toBe(8032);
    expect((await h.admin('PUT', `/contests/${contestId}`, { token: manager, body: setup('announcement', ids) })).status).toBe(200);
    expect((await h.call('/judge/score', { body: { key, entryId: videoEntry.id, score: 3 } })).body.code).toBe(8022);

    const standings = await h.admin<{ entryId: number; averageScore: number; rank: number; place: number }[]>('GET', `/contests/${contestId}/standings`, { token: manager });
    expect(standings.body.map((s) => [s.entryId, s.averageScore, s.rank, s.place])).toEqual([
      [videoEntry.id, 90, 1, 1],
      [photoEntry.id, 70, 1, 1],
    ]);
    const published = await h.admin<{ awards: number; participants: number }>('POST', `/contests/${contestId}/publish-results`, { token: manager });
    expect(published.body).toMatchObject({ awards: 2, participants: 1 });
    expect((await h.admin<{ code: number }>('POST', `/contests/${contestId}/publish-results`, { token: manager })).body.code).toBe(8033);
    expect((await h.admin<{ code: number }>('PUT', `/contests/${contestId}`, { token: manager, body: setup('announcement', ids) })).body.code).toBe(8014);

    const results = await h.call<ContestResultsView>('/contest/results', { body: { id: contestId } });
    expect(results.body.data.winners.map((w) => [w.entryId, w.place, w.prizeTitle])).toEqual([
      [videoEntry.id, 1, 'First prize'],
      [photoEntry.id, 1, 'First prize'],
    ]);
    expect(await linkStatus(results.body.data.winners[1]!.files[0]!.url!)).toBe(200);
    const points = await h.call<MyPointsResponse>('/contest/points/my', { token: entrant.token });
    expect(points.body.data.total).toBe(1_000_000);
    expect((await h.announced('contest.results.published')).length).toBe(1);
  }, 60_000);

  it('lets winners give their information within the deadline only', async () => {
    const info = { entryId: videoEntry.id, realName: '林小雨', phone: '13800138000', address: '成都市锦江区' };
    const given = await h.call<{ infoGiven: boolean }>('/contest/award/info', { token: entrant.token, body: info });
    expect(given.body.data.infoGiven).toBe(true);
    const stranger = await h.user();
    expect((await h.call('/contest/award/info', { token: stranger.token, body: info })).body.code).toBe(8030);
    h.setNow(iso(3));
    try {
      const late = await h.call('/contest/award/info', { token: entrant.token, body: info });
      expect([late.status, late.body.code]).toEqual([409, 8035]);
    } finally {
      h.setNow(null);
    }
  });

  it('takes an owner or student award’s proof as a checked picture or PDF, and shows staff the award with contact details masked by role', async () => {
    const send = async (entryId: number, bytes: Buffer, token = entrant.token) => {
      const link = await h.call<{ url: string }>('/contest/award/proof/link', { token, body: { entryId, fileName: 'proof.png', fileSize: bytes.length } });
      if (link.status !== 200) return link;
      const url = link.body.data.url.startsWith('/') ? `${h.server.url}${link.body.data.url}` : link.body.data.url;
      expect((await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
      return h.call<MyEntriesResponse['awards'][number]>('/contest/award/proof/finish', { token, body: { entryId } });
    };
    const stranger = await h.user();
    expect((await send(videoEntry.id, await picture(40, { format: 'png' }), stranger.token)).body.code).toBe(8030);
    const refused = await send(videoEntry.id, Buffer.from('%PDF-1.4 not finished'));
    expect([refused.status, refused.body.message]).toEqual([422, 'proof.png: the proof must be a JPG or PNG picture or a PDF']);
    const kept = await send(videoEntry.id, await picture(41, { format: 'png' }));
    expect(kept.body.data).toMatchObject({ entryId: videoEntry.id, proofNeeded: true, proofGiven: true });

    type AdminEntry = { award: { phone: string; address: string; realName: string; proofUrl: string | null } | null };
    const asManager = await h.admin<AdminEntry>('GET', `/contest-entries/${videoEntry.id}`, { token: manager });
    expect(asManager.body.award).toMatchObject({ realName: '林小雨', phone: '138****8000' });
    expect(asManager.body.award!.address).not.toBe('成都市锦江区');
    expect(await linkStatus(asManager.body.award!.proofUrl!)).toBe(200);
    const asAdmin = await h.admin<AdminEntry>('GET', `/contest-entries/${videoEntry.id}`, { token: await h.staffToken(['admin']) });
    expect(asAdmin.body.award).toMatchObject({ phone: '13800138000', address: '成都市锦江区' });
  });

  it('sweeps files no entry took: uploads never finished after a day, checked files after three days', async () => {
    const storage = h.server.app.get<ObjectStorage>(OBJECT_STORAGE);
    const { userId } = await h.user();
    const key = (name: string) => `${contestId}/${userId}/${name}`;
    const uploadId = await storage.createMultipartUpload(CONTEST_BUCKET, key('open'), { contentType: 'image/jpeg' });
    await storage.uploadPart(CONTEST_BUCKET, key('open'), uploadId, 1, Buffer.alloc(1024, 1), 1024);
    await storage.put(CONTEST_BUCKET, key('left'), Buffer.from('checked, never submitted'));
    await storage.put(CONTEST_BUCKET, key('recent'), Buffer.from('checked an hour ago'));
    const file = (name: string, status: string, upload: string | null, hoursAgo: number) =>
      h.sql(
        `INSERT INTO contests.files (id, user_id, contest_id, track_id, role, file_name, object_key, upload_id, declared_size, status, created_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'photo', $4, $5, $6, 1024, $7, now() - $8 * interval '1 hour')`,
        [userId, contestId, tracks.photo, `${name}.jpg`, key(name), upload, status, hoursAgo],
      );
    await file('open', 'uploading', uploadId, 25);
    await file('left', 'ready', null, 73);
    await file('recent', 'ready', null, 1);
    const held = (await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM contests.files WHERE entry_id IS NOT NULL'))[0]!.n;

    expect(await h.server.app.get(AbandonedFilesSweeper).sweep()).toBe(2);
    expect((await h.sql<{ file_name: string }>('SELECT file_name FROM contests.files WHERE user_id = $1', [userId])).map((row) => row.file_name)).toEqual(['recent.jpg']);
    expect((await h.sql<{ n: number }>('SELECT count(*)::int AS n FROM contests.files WHERE entry_id IS NOT NULL'))[0]!.n).toBe(held);
    expect(await storage.stat(CONTEST_BUCKET, key('left'))).toBeNull();
    expect(await storage.stat(CONTEST_BUCKET, key('recent'))).not.toBeNull();
    await expect(storage.listParts(CONTEST_BUCKET, key('open'), uploadId)).rejects.toThrow(MultipartUploadNotFoundError);
    expect(await h.server.app.get(AbandonedFilesSweeper).sweep()).toBe(0);
  });

  it('lets managers revoke a key, after which it opens nothing', async () => {
    const [judge] = await h.sql<{ id: string }>(`SELECT id FROM contests.judges WHERE name = 'Judge Wang'`);
    expect((await h.admin('POST', `/contest-judges/${judge!.id}/revoke`, { token: manager })).status).toBe(200);
    expect((await h.call('/judge/signin', { body: { key } })).body.code).toBe(8020);
  });

  it('documents its calls in the OpenAPI document with their bodies', async () => {
    type Operation = { tags?: string[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const doc = (await (await fetch(`${h.url}/api/docs/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    expect(doc.paths['/api/home/gameList']!.post!.tags).toEqual(['store: contests']);
    expect(doc.paths['/api/judge/score']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('score');
    expect(doc.paths['/api/contest/entry/submit']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('declaration');
    for (const path of ['/admin-api/contests', '/admin-api/contest-judges', '/admin-api/campaigns']) expect(Object.keys(doc.paths[path]!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/admin-api/contests/{id}/publish-results']).toBeDefined();
  });
});

