import type { MusicInfo, MusicOrderCreateResponse, MusicPage, MusicPlayInfo, MusicSheetDetail, MusicSkuListResponse, MusicSkuNode } from '@mkt/contracts';
import { randomUUID } from 'node:crypto';
import { MusicOrderPlaced, PurchaseMusicApproved, type PayloadOf } from '@mkt/contracts';
import { EVENT_TRANSPORT, ORDER_NO_PATTERN, type EventTransport } from '@mkt/platform';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';

/** Music store and console calls on a real PostgreSQL (spec section 7 "Music"). */
describe('catalogue: music', () => {
  let h: CatalogueHarness;
  let alice: string;
  let bob: string;
  let aliceId: string;
  const ids: Record<string, number> = {};

  const track = (titleEn: string, kind: 'music' | 'sfx', duration: number, status: 'published' | 'draft' = 'published') => ({
    kind,
    status,
    titleZh: `中文${titleEn}`,
    titleEn,
    keywordsZh: ['欢快', '广告', '片头', '旅行', '科技', '城市', '原创', '配乐'],
    keywordsEn: ['cheerful', 'advertising', 'intro', 'travel', 'technology', 'urban', 'original', 'background music'],
    duration,
    thumbnailKey: `renditions/fixture/${titleEn}/cover.jpg`,
    preview480Key: `renditions/fixture/${titleEn}/listen.mp3`,
    sampleKey: `renditions/fixture/${titleEn}/listen.mp3`,
    originalKey: `originals/fixture/${titleEn}/original.mp3`,
  });

  beforeAll(async () => {
    h = await startCatalogue();
    const specs = [
      ['dawn', track('Dawn', 'music', 95)],
      ['pulse', track('Pulse', 'music', 150)],
      ['calm', track('Calm', 'music', 40)],
      ['draft', track('Draft', 'music', 60, 'draft')],
      ['whoosh', track('Whoosh', 'sfx', 20)],
      ['dawn60', track('Dawn (60s)', 'music', 60)],
    ] as const;
    const created = await h.createMaterials(specs.map(([, s]) => s));
    specs.forEach(([name], i) => (ids[name] = created[i]!.id));
    const detail = (id: number, bpm: number, mood: string, genre: string, priceFen: number, parentId: number | null = null) =>
      h.sql(
        `INSERT INTO catalogue.music_details (material_id, composer, artist, mastery, maker, arranger, author, bpm, mood, genre, price_fen, parent_id, version_name, peaks)
         VALUES ($1, 'Lin', 'Chen', 'MV Studio', 'Blue Hour', 'Su', 'Zhou', $2, $3, $4, $5, $6, $7, $8)`,
        [id, bpm, mood, genre, priceFen, parentId, parentId ? '60s' : '', JSON.stringify([0, 0.5, 1])],
      );
    await detail(ids.dawn!, 120, 'happy', 'pop', 19900);
    await detail(ids.pulse!, 128, 'happy', 'pop', 29900);
    await detail(ids.calm!, 70, 'calm', 'ambient', 9900);
    await detail(ids.draft!, 100, 'happy', 'pop', 9900);
    await detail(ids.whoosh!, 90, 'tense', 'foley', 4900);
    await detail(ids.dawn60!, 120, 'happy', 'pop', 19900, ids.dawn!);
    const [sheet] = await h.sql<{ id: number }>(`INSERT INTO catalogue.music_sheets (name_zh, name_en, cover_key) VALUES ('精选', 'Picks', 'renditions/fixture/sheet.jpg') RETURNING id`);
    ids.sheet = sheet!.id;
    await h.sql(`INSERT INTO catalogue.music_sheet_items (sheet_id, material_id, sort) VALUES ($1, $2, 0), ($1, $3, 1), ($1, $4, 2)`, [ids.sheet, ids.calm, ids.dawn, ids.draft]);
    await h.storage().ensureBucket('renditions');
    await h.storage().put('renditions', 'fixture/Dawn/listen.mp3', Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3]), { contentType: 'audio/mpeg' });
    await h.storage().put('renditions', 'fixture/Draft/listen.mp3', Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3]), { contentType: 'audio/mpeg' });
    aliceId = '11111111-1111-4111-8111-111111111111';
    alice = await h.userToken(aliceId);
    bob = await h.userToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers /music/{id} with every spec field, and 404 for drafts and unknown ids', async () => {
    const reply = await h.call<MusicInfo>(`/music/${ids.dawn}`, { body: { musicId: ids.dawn }, lang: 'en' });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toMatchObject({
      musicId: ids.dawn,
      musicType: 1,
      musicName: 'Dawn',
      composerText: 'Lin',
      artistText: 'Chen',
      masteryText: 'MV Studio',
      makerText: 'Blue Hour',
      arrangerText: 'Su',
      authorText: 'Zhou',
      duration: 95,
      durationText: '01:35',
      bpm: 120,
      coverStr: '/api/media/renditions/fixture/Dawn/cover.jpg',
      listenUrl: '/api/media/renditions/fixture/Dawn/listen.mp3',
      waveUrl: `/api/music/wave/${ids.dawn}`,
      subVersionCount: 1,
      bookmarkId: null,
      // The cheapest licence of the cascade (online video, social media, 1 month, mainland China),
      // not the track's own 199 yuan: that is what a buyer can actually order it for.
      licenceFromFen: 15000,
      price: 150,
      purchasePriceYuan: 150,
    });
    expect(reply.body.data.cover[2]!.url).toBe('/api/media/renditions/fixture/Dawn/cover.jpg');
    expect(reply.body.data.tagList[0]).toEqual({ tagName: 'cheerful' });
    const zh = await h.call<MusicInfo>(`/music/${ids.dawn}`, { lang: 'zh-CN' });
    expect(zh.body.data.musicName).toBe('中文Dawn');
    const draft = await h.call(`/music/${ids.draft}`, { lang: 'en' });
    expect(draft.status).toBe(404);
    expect(draft.body.message).toBe('This music does not exist or is no longer available');
    expect((await h.call('/music/abc')).status).toBe(404);
  });

  it('plays without an account, serves the listen file as audio and the waveform array', async () => {
    const play = await h.call<MusicPlayInfo>('/music/play', { body: { musicId: ids.dawn } });
    expect(play.body.data.playInfo.fileUrl).toBe('/api/media/renditions/fixture/Dawn/listen.mp3');
    const audio = await fetch(`${h.url}${play.body.data.playInfo.fileUrl}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toContain('audio/mpeg');
    // The draft's listen file exists in storage but is not published: not served.
    expect((await fetch(`${h.url}/api/media/renditions/fixture/Draft/listen.mp3`)).status).toBe(404);
    const wave = await h.call<number[]>(`/music/wave/${ids.dawn}`, { method: 'GET' });
    expect(wave.body.data).toEqual([0, 0.5, 1]);
    expect((await h.call(`/music/wave/${ids.draft}`, { method: 'GET' })).status).toBe(404);
    const bad = await h.call('/music/wave/abc', { method: 'GET' });
    expect([bad.status, bad.body.code]).toEqual([404, 6001]);
  });

  it('searches by type, mood, genre, BPM, duration, tag and keyword; versions stay out of lists', async () => {
    const search = async (body: object) => (await h.call<MusicPage>('/music/search', { body, lang: 'en' })).body.data;
    const all = await search({});
    expect(all.infos.map((m) => m.musicId).sort()).toEqual([ids.dawn, ids.pulse, ids.calm].sort());
    expect((await search({ musicType: 2 })).infos.map((m) => m.musicId)).toEqual([ids.whoosh]);
    expect((await search({ mood: 'calm' })).infos.map((m) => m.musicId)).toEqual([ids.calm]);
    expect((await search({ genre: 'pop', bpm: '110-140', sort: 'durationAsc' })).infos.map((m) => m.musicId)).toEqual([ids.dawn, ids.pulse]);
    expect((await search({ duration: '120+' })).infos.map((m) => m.musicId)).toEqual([ids.pulse]);
    expect((await search({ keyword: 'puls' })).infos.map((m) => m.musicId)).toEqual([ids.pulse]);
    expect((await search({ tag: 'travel', pageSize: 2 })).total).toBe(3);
    const bad = await h.call('/music/search', { body: { bpm: 'fast' }, lang: 'en' });
    expect(bad.status).toBe(422);
  });

  it('lists similar tracks, versions and sheets (published tracks only)', async () => {
    const similar = (await h.call<MusicPage>('/music/similar', { body: { musicId: ids.dawn, pageNo: 1, pageSize: 6 } })).body.data;
    expect(similar.infos.map((m) => m.musicId)).toEqual([ids.pulse, ids.calm]);
    const versions = (await h.call<MusicPage>('/music/version', { body: { musicId: ids.dawn } })).body.data;
    expect(versions.infos.map((m) => [m.musicId, m.versionName, m.parentId])).toEqual([[ids.dawn60, '60s', ids.dawn]]);
    const sheets = (await h.call<{ infos: { sheetId: number; musicCount: number; coverStr: string }[] }>('/music/sheetList', { body: {} })).body.data;
    expect(sheets.infos).toEqual([expect.objectContaining({ sheetId: ids.sheet, musicCount: 2, coverStr: '/api/media/renditions/fixture/sheet.jpg' })]);
    const sheet = (await h.call<MusicSheetDetail>('/music/sheetMusicList', { body: { sheetId: ids.sheet, pageNo: 1, pageSize: 20 } })).body.data;
    expect(sheet.infos.map((m) => m.musicId)).toEqual([ids.calm, ids.dawn]);
    const page2 = (await h.call<MusicSheetDetail>('/music/sheetMusicList', { body: { sheetId: ids.sheet, pageNo: 2, pageSize: 20 } })).body.data;
    expect(page2.infos).toEqual([]);
    expect(page2.total).toBe(2);
    expect((await h.call('/music/sheetMusicList', { body: { sheetId: 9999 } })).status).toBe(404);
    expect((await h.call('/music/sheetMusicList', { body: { sheetId: 3_000_000_000 } })).status).toBe(422);
    // A sheet cover is a public rendition once the sheet is published.
    await h.storage().put('renditions', 'fixture/sheet.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg' });
    expect((await fetch(`${h.url}/api/media/renditions/fixture/sheet.jpg`)).status).toBe(200);
  });

  it('gates favourites, downloads, history and orders behind sign-in with the spec message', async () => {
    for (const path of ['/music/collect', '/music/download', '/music/findPlayList', '/music/savePlayList', '/music/order/create', '/music/changeType']) {
      const reply = await h.call(path, { body: { musicId: ids.dawn }, lang: 'en' });
      expect([path, reply.status, reply.body.code, reply.body.message]).toEqual([path, 401, 1001, 'please log in first to use this feature']);
    }
    const mine = await h.call('/music/collect/my', { body: { musicType: 1 }, lang: 'en' });
    expect(mine.body.message).toBe('Please sign in use the function.');
  });

  it('favourites music and sound effects separately; nobody can cancel or see another user\'s', async () => {
    const first = await h.call<{ bookmarkId: number }>('/music/collect', { token: alice, body: { musicId: ids.dawn } });
    const again = await h.call<{ bookmarkId: number }>('/music/collect', { token: alice, body: { musicId: ids.dawn } });
    expect(again.body.data.bookmarkId).toBe(first.body.data.bookmarkId);
    await h.call('/music/collect', { token: alice, body: { musicId: ids.whoosh } });
    const music = (await h.call<MusicPage>('/music/collect/my', { token: alice, body: { musicType: 1, pageNo: 1, pageSize: 6 } })).body.data;
    expect(music.infos.map((m) => [m.musicId, m.bookmarkId])).toEqual([[ids.dawn, first.body.data.bookmarkId]]);
    const sfx = (await h.call<MusicPage>('/music/collect/my', { token: alice, body: { musicType: 2 } })).body.data;
    expect(sfx.infos.map((m) => m.musicId)).toEqual([ids.whoosh]);
    expect((await h.call<MusicPage>('/music/collect/my', { token: bob, body: { musicType: 1 } })).body.data.total).toBe(0);
    expect((await h.call<MusicInfo>(`/music/${ids.dawn}`, { token: bob })).body.data.bookmarkId).toBeNull();
    expect((await h.call('/music/collect/cancel', { token: bob, body: { bookmarkId: first.body.data.bookmarkId } })).status).toBe(404);
    // changeType files the favourite under sound effects.
    await h.call('/music/changeType', { token: alice, body: { musicId: ids.dawn, musicType: 2 } });
    expect((await h.call<MusicPage>('/music/collect/my', { token: alice, body: { musicType: 2 } })).body.data.total).toBe(2);
    expect((await h.call('/music/collect/cancel', { token: alice, body: { bookmarkId: first.body.data.bookmarkId } })).status).toBe(200);
    expect((await h.call<MusicPage>('/music/collect/my', { token: alice, body: { musicType: 2 } })).body.data.total).toBe(1);
  });

  it('hands out a signed sample link to signed-in users', async () => {
    const reply = await h.call<MusicPlayInfo>('/music/download', { token: alice, body: { musicId: ids.dawn } });
    expect(reply.body.data.playInfo.fileName).toMatch(/_sample\.mp3$/);
    const file = await fetch(new URL(reply.body.data.playInfo.fileUrl, h.url));
    expect(file.status).toBe(200);
  });

  it('keeps at most 30 plays per user on the server, newest first, separate per user, clearable', async () => {
    await h.call('/music/play', { token: alice, body: { musicId: ids.calm } });
    await h.call('/music/play', { token: alice, body: { musicId: ids.dawn } });
    await h.call('/music/play', { token: bob, body: { musicId: ids.pulse } });
    const aliceHistory = (await h.call<{ infos: MusicInfo[] }>('/music/findPlayList', { token: alice })).body.data.infos;
    expect(aliceHistory.map((m) => m.musicId)).toEqual([ids.dawn, ids.calm]);
    const bobHistory = (await h.call<{ infos: MusicInfo[] }>('/music/findPlayList', { token: bob })).body.data.infos;
    expect(bobHistory.map((m) => m.musicId)).toEqual([ids.pulse]);

    const many = await h.createMaterials(Array.from({ length: 35 }, (_, i) => track(`Bulk ${i}`, 'music', 30)));
    for (const m of many) await h.sql(`INSERT INTO catalogue.music_details (material_id) VALUES ($1)`, [m.id]);
    for (const m of many) await h.call('/music/play', { token: alice, body: { musicId: m.id } });
    const full = (await h.call<{ infos: MusicInfo[] }>('/music/findPlayList', { token: alice })).body.data.infos;
    expect(full).toHaveLength(30);
    expect(full[0]!.musicId).toBe(many[34]!.id);
    const [count] = await h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM catalogue.music_play_history WHERE user_id = $1`, [aliceId]);
    expect(count!.n).toBe(30);

    await h.call('/music/savePlayList', { token: alice, body: { musicIdList: [ids.pulse, ids.draft, ids.calm, ids.pulse] } });
    expect((await h.call<{ infos: MusicInfo[] }>('/music/findPlayList', { token: alice })).body.data.infos.map((m) => m.musicId)).toEqual([ids.pulse, ids.calm]);
    await h.call('/music/savePlayList', { token: alice, body: { musicIdList: [] } });
    expect((await h.call<{ infos: MusicInfo[] }>('/music/findPlayList', { token: alice })).body.data.infos).toEqual([]);
    expect((await h.call<{ infos: MusicInfo[] }>('/music/findPlayList', { token: bob })).body.data.infos).toHaveLength(1);
  });

  it('answers the SKU tree and places a licence order through the outbox with integer fen', async () => {
    const tree = (await h.call<MusicSkuListResponse>('/music/skuList', { body: { price: 199 }, lang: 'en' })).body.data.skuList;
    expect(tree.map((s) => s.name)).toEqual(['Online video', 'Advertising', 'Film and TV', 'Events and live']);
    const scene = tree[1]!;
    const channel = scene.children![1]!;
    const period = channel.children![1]!;
    const area = period.children![2]!;
    expect([channel.name, period.name, area.name]).toEqual(['TV ads', '1 year', 'Global']);
    expect(area.priceFen).toBe(900000);
    expect(area.price).toBe(9000);
    const leaves = (n: MusicSkuNode): MusicSkuNode[] => (n.children ? n.children.flatMap(leaves) : [n]);
    expect(tree.flatMap(leaves).every((leaf) => Number.isInteger(leaf.priceFen) && leaf.level === 4)).toBe(true);

    const order = { projectName: 'Spring ad', brand: 'Acme', companyName: 'Acme Ltd', musicId: ids.dawn, sceneId: scene.id, channelId: channel.id, periodId: period.id, authAreaId: area.id, price: 9000, purchasePrice: 9000 };
    const expectFail = async (body: object, status: number, message: string) => {
      const reply = await h.call('/music/order/create', { token: alice, body, lang: 'en' });
      expect([reply.status, reply.body.message]).toEqual([status, message]);
    };
    await expectFail({ ...order, projectName: '  ' }, 422, 'please fill in project name');
    await expectFail({ ...order, brand: '' }, 422, 'please fill in project brand');
    await expectFail({ ...order, companyName: '' }, 422, 'please fill in licensee');
    await expectFail({ ...order, authAreaId: '' }, 422, 'please answer all four licence questions');
    await expectFail({ ...order, channelId: tree[0]!.children![0]!.id }, 422, 'these licence options are not available, please choose again');
    await expectFail({ ...order, price: 10 }, 409, 'the price has changed, please check the new price and order again');
    await expectFail({ ...order, musicId: ids.draft }, 404, 'This music does not exist or is no longer available');
    const zh = await h.call('/music/order/create', { token: alice, body: { ...order, projectName: '' }, lang: 'zh-CN' });
    expect(zh.body.message).toBe('请填写项目名称');

    const placed = await h.call<MusicOrderCreateResponse>('/music/order/create', { token: alice, body: order, lang: 'en' });
    expect(placed.status).toBe(200);
    expect(placed.body.data.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed.body.data.orderNo).toMatch(ORDER_NO_PATTERN);
    expect(placed.body.data.totalFen).toBe(900000);
    const [event] = await h.sql<{ name: string; payload: unknown; aggregate_id: string }>(
      `SELECT name, payload, aggregate_id FROM catalogue.outbox WHERE name = $1 AND aggregate_id = $2`,
      [MusicOrderPlaced.name, placed.body.data.orderId],
    );
    expect(event).toBeDefined();
    const payload = MusicOrderPlaced.schema.parse(event!.payload);
    expect(payload).toMatchObject({
      orderId: placed.body.data.orderId,
      orderNo: placed.body.data.orderNo,
      userId: aliceId,
      licensee: { projectName: 'Spring ad', brand: 'Acme', licensee: 'Acme Ltd' },
      totalFen: 900000,
      items: [{ musicId: ids.dawn, musicType: 1, titleEn: 'Dawn', composer: 'Lin', skuId: area.id, licence: { scene: 'Advertising', channel: 'TV ads', period: '1 year', area: 'Global' }, priceFen: 900000, originalKey: 'originals/fixture/Dawn/original.mp3' }],
    });
    expect(payload.items.reduce((sum, item) => sum + item.priceFen, 0)).toBe(payload.totalFen);
  });

  it('places the music order of an approved enterprise purchase under the requester, at the chosen licence, once', async () => {
    const tree = (await h.call<MusicSkuListResponse>('/music/skuList', { lang: 'en' })).body.data.skuList;
    const [scene, channel, period, area] = [tree[1]!, tree[1]!.children![1]!, tree[1]!.children![1]!.children![1]!, tree[1]!.children![1]!.children![1]!.children![2]!];
    const requesterId = randomUUID();
    const approved = {
      requestId: randomUUID(),
      musicOrderId: randomUUID(),
      requesterId,
      musicIds: [ids.dawn, ids.draft, ids.pulse],
      licence: { sceneId: scene.id, channelId: channel.id, periodId: period.id, authAreaId: area.id },
      licensee: { projectName: '星河 2026 品牌片', brand: '星河 2026 品牌片', licensee: '星河传媒有限公司' },
      approvedAt: new Date().toISOString(),
    };
    const transport = h.server.app.get<EventTransport>(EVENT_TRANSPORT);
    const publish = (payload: PayloadOf<typeof PurchaseMusicApproved>, id = randomUUID()) =>
      transport.publish([{ id, name: PurchaseMusicApproved.name, version: PurchaseMusicApproved.version, aggregateId: payload.requestId, occurredAt: new Date().toISOString(), payload }]);
    const placedOrder = async (orderId: string) => {
      const [row] = await h.sql<{ payload: unknown }>(`SELECT payload FROM catalogue.outbox WHERE name = $1 AND aggregate_id = $2`, [MusicOrderPlaced.name, orderId]);
      return row ? MusicOrderPlaced.schema.parse(row.payload) : null;
    };
    // Delivered twice (the bus delivers at least once): placed once.
    const eventId = randomUUID();
    await publish(approved, eventId);
    await publish(approved, eventId);
    let placed = await placedOrder(approved.musicOrderId);
    for (let attempt = 0; attempt < 150 && !placed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      placed = await placedOrder(approved.musicOrderId);
    }
    if (!placed) throw new Error('the music order was not placed');
    // The unpublished track is left out; each track at the licence's list price, named in Chinese.
    expect(placed).toMatchObject({ orderId: approved.musicOrderId, userId: requesterId, licensee: approved.licensee, totalFen: 1_800_000 });
    expect(placed.orderNo).toMatch(ORDER_NO_PATTERN);
    expect(placed.items.map((item) => [item.musicId, item.priceFen, item.skuId, item.licence.area])).toEqual([
      [ids.dawn, 900_000, area.id, '全球'],
      [ids.pulse, 900_000, area.id, '全球'],
    ]);
    expect(await h.sql(`SELECT 1 FROM catalogue.outbox WHERE name = $1 AND aggregate_id = $2`, [MusicOrderPlaced.name, approved.musicOrderId])).toHaveLength(1);
    // A licence no longer in the tree places nothing.
    const stale = { ...approved, requestId: randomUUID(), musicOrderId: randomUUID(), licence: { ...approved.licence, authAreaId: 'gone' } };
    await publish(stale);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await placedOrder(stale.musicOrderId)).toBeNull();
  });

  it('numbers music orders in the orders scheme, each number once, also when placed at the same moment', async () => {
    const tree = (await h.call<MusicSkuListResponse>('/music/skuList', { lang: 'en' })).body.data.skuList;
    const [scene, channel, period, area] = [tree[0]!, tree[0]!.children![0]!, tree[0]!.children![0]!.children![0]!, tree[0]!.children![0]!.children![0]!.children![0]!];
    const body = { projectName: 'Vlog', brand: 'Acme', companyName: 'Acme Ltd', musicId: ids.pulse, sceneId: scene.id, channelId: channel.id, periodId: period.id, authAreaId: area.id, price: area.price, purchasePrice: area.price };
    const buyers = await Promise.all(Array.from({ length: 5 }, () => h.userToken()));
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => h.call<MusicOrderCreateResponse>('/music/order/create', { token: buyers[i % 5]!, body, lang: 'en' })));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const numbers = replies.map((r) => r.body.data.orderNo);
    for (const orderNo of numbers) expect(orderNo).toMatch(ORDER_NO_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
    const kept = await h.sql<{ order_id: string; order_no: string }>(`SELECT order_id, order_no FROM catalogue.music_order_numbers WHERE order_id = ANY($1::uuid[])`, [replies.map((r) => r.body.data.orderId)]);
    expect(new Map(kept.map((row) => [row.order_id, row.order_no]))).toEqual(new Map(replies.map((r) => [r.body.data.orderId, r.body.data.orderNo])));
    // The unique index is what keeps a number from being given twice.
    await expect(h.sql(`INSERT INTO catalogue.music_order_numbers (order_id, order_no, user_id, placed_at) VALUES (gen_random_uuid(), $1, gen_random_uuid(), now())`, [numbers[0]])).rejects.toThrow(/unique/i);
  });

  it('lets staff edit music fields, sheets and SKU prices, with roles and an audit trail', async () => {
    const reviewer = await h.staffToken(['reviewer']);
    const finance = await h.staffToken(['finance']);
    const list = await h.admin<{ id: number }[]>('GET', `/music-tracks?filter=${encodeURIComponent(JSON.stringify({ kind: 'sfx' }))}`, { token: finance });
    expect(list.body.map((r) => r.id)).toEqual([ids.whoosh]);
    expect(list.headers.get('content-range')).toBe('music-tracks 0-0/1');
    expect((await h.admin('PUT', `/music-tracks/${ids.dawn}`, { token: finance, body: { bpm: 90 } })).status).toBe(403);
    const updated = await h.admin<{ bpm: number; priceFen: number }>('PUT', `/music-tracks/${ids.dawn}`, { token: reviewer, body: { bpm: 90, priceFen: 25000 } });
    expect(updated.body).toMatchObject({ bpm: 90, priceFen: 25000 });
    // The track's own price is not what buyers pay: the store keeps showing the cheapest licence.
    expect((await h.call<MusicInfo>(`/music/${ids.dawn}`)).body.data.licenceFromFen).toBe(15000);

    const sku = await h.admin<{ priceFen: number }>('PUT', '/music-skus/ads.tv.1y.global', { token: finance, body: { priceFen: 880000 } });
    expect(sku.body.priceFen).toBe(880000);
    expect((await h.admin('PUT', '/music-skus/ads', { token: finance, body: { priceFen: 1 } })).status).toBe(422);

    const admin = await h.staffToken(['admin']);
    const sheet = await h.admin<{ id: number; musicIds: number[] }>('POST', '/music-sheets', { token: admin, body: { nameZh: '新歌单', nameEn: 'New sheet', musicIds: [ids.pulse, ids.calm] } });
    expect(sheet.status).toBe(201);
    expect(sheet.body.musicIds).toEqual([ids.pulse, ids.calm]);
    expect((await h.admin('POST', '/music-sheets', { token: admin, body: { nameZh: 'x', nameEn: 'x', musicIds: [99999] } })).status).toBe(422);
    expect((await h.admin('GET', '/music-sheets/3000000000', { token: admin })).status).toBe(404);
    expect((await h.admin('GET', '/music-tracks/99999999999999999999', { token: admin })).status).toBe(404);
    const audit = await h.sql<{ resource: string }>(`SELECT resource FROM catalogue.audit_log`);
    expect(audit.map((a) => a.resource).sort()).toEqual(['music-sheets', 'music-skus', 'music-tracks']);
  });

  it('shows every track from the lowest licence price a buyer can order', async () => {
    const from = async () => {
      const detail = (await h.call<MusicInfo>(`/music/${ids.calm}`, { lang: 'en' })).body.data;
      const listed = (await h.call<MusicPage>('/music/search', { body: { musicType: 1, pageNo: 1, pageSize: 20 }, lang: 'en' })).body.data.infos;
      expect(listed.length).toBeGreaterThan(0);
      for (const info of listed) expect([info.licenceFromFen, info.price]).toEqual([detail.licenceFromFen, detail.price]);
      return detail.licenceFromFen;
    };
    expect(await from()).toBe(15000);
    const finance = await h.staffToken(['finance']);
    // A cheaper area anywhere in the cascade lowers every track's "from" price at once.
    expect((await h.admin('PUT', '/music-skus/film.series.1m.cn', { token: finance, body: { priceFen: 12300 } })).status).toBe(200);
    expect(await from()).toBe(12300);
    // An area that is not on a whole scene → channel → period path cannot be ordered, so it does not count.
    await h.sql(`INSERT INTO catalogue.music_skus (id, parent_id, level, name_zh, name_en, sort, price_fen) VALUES ('stray', 'online.social', 4, '散', 'Stray', 9, 100)`);
    expect(await from()).toBe(12300);
    await h.sql(`DELETE FROM catalogue.music_skus WHERE id = 'stray'`);
    expect((await h.admin('PUT', '/music-skus/film.series.1m.cn', { token: finance, body: { priceFen: 75000 } })).status).toBe(200);
    expect(await from()).toBe(15000);
  });
});
