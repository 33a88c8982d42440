import { randomUUID } from 'node:crypto';
import type { BoardComment, BoardDetail, BoardLink, BoardSummary, SampleDownloadResponse, SharedBoard } from '@mkt/contracts';
import { startCatalogue, type CatalogueHarness } from './catalogue-harness.js';
import { FIXTURE } from './fixture-catalogue.js';

describe('catalogue: boards and their guest links', () => {
  let h: CatalogueHarness;
  const ids: Record<string, number> = {};
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    // Materials are taken off sale around the service here: no cached card hides it.
    h = await startCatalogue({ env: { READ_CACHE_SECONDS: '0' } });
    const entries = Object.entries(FIXTURE);
    const created = await h.createMaterials(entries.map(([, input]) => input));
    entries.forEach(([name], i) => (ids[name] = created[i]!.id));
    alice = await h.userToken();
    bob = await h.userToken();
    await h.storage().ensureBucket('renditions');
    await h.storage().put('renditions', 'fixture/bund/sample.mp4', Buffer.from('sample-bytes'), { contentType: 'video/mp4' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const createBoard = async (token: string, name: string, materialIds: number[] = []) => {
    const reply = await h.call<{ id: number }>('/board/create', { token, body: { name, materialIds } });
    expect(reply.body).toMatchObject({ code: 0 });
    return reply.body.data.id;
  };
  const detail = async (token: string, id: number) => h.call<BoardDetail>('/board/detail', { token, body: { id } });

  it('keeps an owner’s selection of any kinds in the owner’s order, with notes and a cover', async () => {
    const id = await createBoard(alice, '  Night city\tshortlist ', [ids.bund!, ids.forbiddenCity!]);
    const added = await h.call<{ added: number }>('/board/items/add', { token: alice, body: { id, materialIds: [ids.cityAerial, ids.bund, ids.pandaPhoto] } });
    // The Bund is on the board already: added once only.
    expect(added.body.data).toEqual({ added: 2 });
    const first = await detail(alice, id);
    expect(first.body.data).toMatchObject({ id, name: 'Night city shortlist', itemCount: 4, cover: '/api/media/renditions/fixture/bund/thumb.jpg', coverMaterialId: null });
    expect(first.body.data.items.map((item) => item.materialId)).toEqual([ids.bund, ids.forbiddenCity, ids.cityAerial, ids.pandaPhoto]);
    expect(first.body.data.items.map((item) => item.card?.kind)).toEqual(['video', 'photo', 'video', 'photo']);
    const [bund, forbidden, aerial] = first.body.data.items;

    await h.call('/board/items/move', { token: alice, body: { id, itemId: aerial!.id, toIndex: 0 } });
    await h.call('/board/items/move', { token: alice, body: { id, itemId: bund!.id, toIndex: 99 } });
    await h.call('/board/items/note', { token: alice, body: { id, itemId: forbidden!.id, note: 'Client liked the tower\nat dusk' } });
    await h.call('/board/update', { token: alice, body: { id, name: 'Night city', coverMaterialId: ids.forbiddenCity } });
    const moved = await detail(alice, id);
    expect(moved.body.data.items.map((item) => item.materialId)).toEqual([ids.cityAerial, ids.forbiddenCity, ids.pandaPhoto, ids.bund]);
    expect(moved.body.data.items[1]!.note).toBe('Client liked the tower\nat dusk');
    expect(moved.body.data).toMatchObject({ name: 'Night city', coverMaterialId: ids.forbiddenCity });

    // A material off sale stays on the board without its card until it is removed.
    await h.sql(`UPDATE catalogue.materials SET status = 'unpublished' WHERE id = $1`, [ids.pandaPhoto]);
    const greyed = await detail(alice, id);
    expect(greyed.body.data.items.find((item) => item.materialId === ids.pandaPhoto)!.card).toBeNull();
    await h.sql(`UPDATE catalogue.materials SET status = 'published' WHERE id = $1`, [ids.pandaPhoto]);
    const removed = await h.call<{ removed: number }>('/board/items/remove', { token: alice, body: { id, itemIds: [moved.body.data.items[2]!.id] } });
    expect(removed.body.data).toEqual({ removed: 1 });

    const list = await h.call<{ list: BoardSummary[] }>('/board/list', { token: alice });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id, name: 'Night city', role: 'owner', itemCount: 3, cover: '/api/media/renditions/fixture/fc/thumb.jpg' })]);
    // Only drafts and unknown materials are refused, and nothing is added then.
    for (const materialId of [ids.draft, 99_999_999]) {
      const refused = await h.call('/board/items/add', { token: alice, body: { id, materialIds: [ids.waves, materialId] } });
      expect(refused.status).toBe(404);
    }
    expect((await detail(alice, id)).body.data.itemCount).toBe(3);
    // A new board with a draft in it is not made at all.
    expect((await h.call('/board/create', { token: alice, body: { name: 'Half made', materialIds: [ids.waves, ids.draft] } })).status).toBe(404);
    expect((await h.call<{ list: BoardSummary[] }>('/board/list', { token: alice })).body.data.list.map((board) => board.name)).not.toContain('Half made');
  });

  it('answers nobody but the owner, and a visitor not at all', async () => {
    const id = await createBoard(alice, 'Private', [ids.tea!]);
    const [item] = (await detail(alice, id)).body.data.items;
    const calls: [string, Record<string, unknown>][] = [
      ['/board/detail', { id }],
      ['/board/update', { id, name: 'Taken' }],
      ['/board/delete', { id }],
      ['/board/items/add', { id, materialIds: [ids.waves] }],
      ['/board/items/remove', { id, itemIds: [item!.id] }],
      ['/board/items/note', { id, itemId: item!.id, note: 'x' }],
      ['/board/items/move', { id, itemId: item!.id, toIndex: 0 }],
      ['/board/items/comments', { id, itemId: item!.id }],
      ['/board/items/comment', { id, itemId: item!.id, body: 'hi' }],
      ['/board/links', { id }],
      ['/board/links/create', { id }],
    ];
    for (const [path, body] of calls) {
      const other = await h.call(path, { token: bob, body, lang: 'zh-CN' });
      expect({ path, status: other.status, code: other.body.code }).toEqual({ path, status: 404, code: 3201 });
      expect(other.body.message).toBe('素材板不存在，或您无权查看');
      const visitor = await h.call(path, { body });
      expect({ path, status: visitor.status }).toEqual({ path, status: 401 });
    }
    // Bob's list does not show it; Alice's board is as it was.
    expect((await h.call<{ list: BoardSummary[] }>('/board/list', { token: bob })).body.data.list).toEqual([]);
    expect((await detail(alice, id)).body.data).toMatchObject({ name: 'Private', itemCount: 1 });
    // Another board's item is not this board's.
    const other = await createBoard(alice, 'Other', [ids.waves!]);
    expect((await h.call('/board/items/note', { token: alice, body: { id: other, itemId: item!.id, note: 'x' } })).status).toBe(404);
  });

  it('refuses malformed input with a localized 4xx and changes nothing', async () => {
    const id = await createBoard(alice, 'Checked');
    const bad: [string, unknown][] = [
      ['/board/create', { name: '\u0000\u0000' }],
      ['/board/create', { name: 'x'.repeat(61) }],
      ['/board/create', { name: 42 }],
      ['/board/create', { name: 'ok', materialIds: Array.from({ length: 101 }, (_, i) => i + 1) }],
      ['/board/items/add', { id, materialIds: [] }],
      ['/board/items/add', { id: '1; DROP TABLE x', materialIds: [ids.bund] }],
      ['/board/items/add', { id: 2 ** 80, materialIds: [ids.bund] }],
      ['/board/items/move', { id, itemId: 1, toIndex: -1 }],
      ['/board/update', { id }],
      ['/board/links/create', { id, password: 'abc' }],
      ['/board/links/create', { id, expiresInDays: 0 }],
    ];
    for (const [path, body] of bad) {
      const reply = await h.call(path, { token: alice, body, lang: 'zh-CN' });
      expect({ path, body, status: reply.status }).toEqual({ path, body, status: 422 });
      expect(reply.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await h.call('/board/create', { token: alice, raw: '{"name":' })).status).toBe(400);
    expect((await detail(alice, id)).body.data.itemCount).toBe(0);
  });

  it('opens a board to guests by link: read-only, comments and votes under a name, samples but no original', async () => {
    const id = await createBoard(alice, 'For the client', [ids.bund!, ids.sunriseSea!]);
    const link = (await h.call<BoardLink>('/board/links/create', { token: alice, body: { id } })).body.data;
    expect(link).toMatchObject({ hasPassword: false, expiresAt: null, state: 'live', token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    const voterKey = randomUUID();
    const opened = await h.call<SharedBoard>('/board-share/open', { body: { token: link.token, voterKey }, lang: 'zh-CN' });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ name: 'For the client', itemCount: 2 });
    expect(opened.body.data.items.map((item) => [item.materialId, item.card?.title, item.myVote])).toEqual([
      [ids.bund, '上海外滩夜景延时摄影', 0],
      [ids.sunriseSea, '海上日出', 0],
    ]);
    // Nothing of the owner's is in a guest's answer: no account ids, no link secrets, no favourites.
    expect(JSON.stringify(opened.body.data)).not.toMatch(/ownerId|token|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-|bookmarkId":\d/);
    const [bund, sunrise] = opened.body.data.items;

    await h.call('/board-share/comment', { body: { token: link.token, itemId: bund!.id, name: 'Director Wang', body: 'Love the light trails' } });
    await h.call('/board-share/vote', { body: { token: link.token, itemId: bund!.id, voterKey, value: 1 } });
    await h.call('/board-share/vote', { body: { token: link.token, itemId: sunrise!.id, voterKey, value: 1 } });
    // A second vote replaces the first; 0 takes it back.
    await h.call('/board-share/vote', { body: { token: link.token, itemId: sunrise!.id, voterKey, value: -1 } });
    await h.call('/board-share/vote', { body: { token: link.token, itemId: bund!.id, voterKey: randomUUID(), value: 1 } });
    const again = await h.call<SharedBoard>('/board-share/open', { body: { token: link.token, voterKey } });
    expect(again.body.data.items.map((item) => [item.votes, item.myVote, item.comments])).toEqual([
      [{ up: 2, down: 0 }, 1, 1],
      [{ up: 0, down: 1 }, -1, 0],
    ]);
    await h.call('/board-share/vote', { body: { token: link.token, itemId: sunrise!.id, voterKey, value: 0 } });
    // Each new or changed vote tells the owner (the guest's name when given); the same vote again, or one taken back, does not.
    await h.call('/board-share/vote', { body: { token: link.token, itemId: bund!.id, voterKey, value: 1, name: 'Director Wang' } });
    const named = randomUUID();
    await h.call('/board-share/vote', { body: { token: link.token, itemId: sunrise!.id, voterKey: named, value: 1, name: 'Director Wang' } });
    await h.call('/board-share/vote', { body: { token: link.token, itemId: sunrise!.id, voterKey: named, value: 0 } });
    const announced = async () =>
      (await h.sql<{ payload: { ownerId: string; itemId: number; voter: string; byGuest: boolean; value: number } }>(`SELECT payload FROM catalogue.outbox WHERE name = 'board.vote.cast' AND aggregate_id = $1 ORDER BY position`, [String(id)])).map(
        (row) => row.payload,
      );
    const cast = await announced();
    expect(cast.map((event) => [event.itemId, event.value, event.voter, event.byGuest])).toEqual([
      [bund!.id, 1, '', true],
      [sunrise!.id, 1, '', true],
      [sunrise!.id, -1, '', true],
      [bund!.id, 1, '', true],
      [sunrise!.id, 1, 'Director Wang', true],
    ]);
    expect(cast[0]!.ownerId).toMatch(/^[0-9a-f-]{36}$/);

    // Members vote too, as their account; the owner's own vote tells no one.
    await h.call('/board/items/vote', { token: alice, body: { id, itemId: sunrise!.id, value: 1 } });
    expect((await detail(alice, id)).body.data.items.map((item) => [item.votes, item.myVote])).toEqual([
      [{ up: 2, down: 0 }, 0],
      [{ up: 1, down: 0 }, 1],
    ]);
    await h.call('/board/items/vote', { token: alice, body: { id, itemId: sunrise!.id, value: 0 } });
    expect(await announced()).toHaveLength(5);
    for (const value of [2, '1', null]) expect((await h.call('/board/items/vote', { token: alice, body: { id, itemId: sunrise!.id, value } })).status).toBe(422);
    expect((await h.call('/board/items/vote', { token: await h.userToken(), body: { id, itemId: sunrise!.id, value: 1 } })).status).toBe(404);

    // The owner sees what guests said, and answers.
    await h.call('/board/items/comment', { token: alice, body: { id, itemId: bund!.id, body: 'Thanks, licensing it' } });
    const comments = await h.call<{ list: BoardComment[] }>('/board/items/comments', { token: alice, body: { id, itemId: bund!.id } });
    expect(comments.body.data.list.map((c) => [c.author, c.byOwner, c.body])).toEqual([
      ['Director Wang', false, 'Love the light trails'],
      ['', true, 'Thanks, licensing it'],
    ]);
    const owner = await detail(alice, id);
    expect(owner.body.data.items.map((item) => [item.votes, item.comments])).toEqual([
      [{ up: 2, down: 0 }, 2],
      [{ up: 0, down: 0 }, 0],
    ]);
    const guestComments = await h.call<{ list: BoardComment[] }>('/board-share/comments', { body: { token: link.token, itemId: bund!.id } });
    expect(guestComments.body.data.list).toHaveLength(2);

    // The watermarked sample only, through the board's own item.
    const sample = await h.call<SampleDownloadResponse>('/board-share/sample', { body: { token: link.token, itemId: bund!.id } });
    expect(sample.body.data.fileName).toMatch(/_sample\.mp4$/);
    const download = await fetch(new URL(sample.body.data.url, h.url));
    expect(await download.text()).toBe('sample-bytes');
    // Items of other boards, and the owner's calls, are out of a guest's reach.
    const elsewhere = (await detail(alice, await createBoard(alice, 'Not shared', [ids.stars!]))).body.data.items[0]!.id;
    for (const path of ['/board-share/comments', '/board-share/sample']) expect((await h.call(path, { body: { token: link.token, itemId: elsewhere } })).status).toBe(404);
    expect((await h.call('/board-share/comment', { body: { token: link.token, itemId: elsewhere, name: 'x', body: 'y' } })).status).toBe(404);
    expect((await h.call('/board/detail', { body: { id } })).status).toBe(401);
    // Malformed guest input.
    for (const body of [
      { token: link.token, itemId: bund!.id, name: '\u0000', body: 'y' },
      { token: link.token, itemId: bund!.id, voterKey: 'me', value: 1 },
      { token: link.token, itemId: bund!.id, voterKey, value: 2 },
      { token: '../../etc', itemId: bund!.id },
    ]) {
      const path = 'value' in body ? '/board-share/vote' : 'name' in body ? '/board-share/comment' : '/board-share/comments';
      expect({ path, status: (await h.call(path, { body })).status }).toEqual({ path, status: 422 });
    }
  });

  it('closes revoked, expired, tampered and deleted links, and locks a password link after wrong tries', async () => {
    const id = await createBoard(alice, 'Guarded', [ids.waves!]);
    const create = async (body: Record<string, unknown>) => (await h.call<BoardLink>('/board/links/create', { token: alice, body: { id, ...body } })).body.data;
    const open = (token: string, password?: string) => h.call<SharedBoard>('/board-share/open', { body: { token, password }, lang: 'en' });

    const revoked = await create({});
    expect((await open(revoked.token)).status).toBe(200);
    expect((await h.call('/board/links/revoke', { token: bob, body: { id, linkId: revoked.id } })).status).toBe(404);
    await h.call('/board/links/revoke', { token: alice, body: { id, linkId: revoked.id } });
    const gone = await open(revoked.token);
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([404, 3205, 'This share link is unknown, revoked or expired']);
    expect((await open(`${revoked.token.slice(0, -1)}${revoked.token.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);

    const expiring = await create({ expiresInDays: 1 });
    expect((await open(expiring.token)).status).toBe(200);
    await h.sql(`UPDATE catalogue.board_links SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expiring.id]);
    expect((await open(expiring.token)).status).toBe(404);
    const links = await h.call<{ list: BoardLink[] }>('/board/links', { token: alice, body: { id } });
    expect(links.body.data.list.map((link) => link.state)).toEqual(['expired', 'revoked']);

    const guarded = await create({ password: 'tea-time' });
    expect(guarded.hasPassword).toBe(true);
    const [stored] = await h.sql<{ password_hash: string }>(`SELECT password_hash FROM catalogue.board_links WHERE id = $1`, [guarded.id]);
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(stored!.password_hash).not.toContain('tea-time');
    expect((await open(guarded.token)).status).toBe(401);
    expect((await open(guarded.token, 'tea-time')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await open(guarded.token, `wrong-${i}`)).status).toBe(403);
    // Locked now, whoever asks and whatever they send.
    const locked = await open(guarded.token, 'tea-time');
    expect([locked.status, locked.body.message]).toEqual([429, 'Too many wrong passwords: try again in 15 minutes']);
    await h.sql(`UPDATE catalogue.board_links SET locked_until = now() - interval '1 second' WHERE id = $1`, [guarded.id]);
    const opened = await open(guarded.token, 'tea-time');
    expect(opened.status).toBe(200);
    // The password earns a pass that later calls send instead (an HMAC, not a scrypt hash each time).
    const pass = opened.body.data.pass!;
    expect(pass).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const firstItem = opened.body.data.items[0]!.id;
    expect((await h.call('/board-share/vote', { body: { token: guarded.token, pass, itemId: firstItem, voterKey: randomUUID(), value: 1 } })).status).toBe(200);
    const [claims, signature] = pass.split('.');
    const { link, exp } = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { link: number; exp: number };
    const reclaimed = (changed: object) => `${Buffer.from(JSON.stringify({ link, exp, ...changed })).toString('base64url')}.${signature}`;
    for (const forged of [reclaimed({ exp: exp + 1 }), reclaimed({ link: link + 1 }), `${claims}.${signature!.slice(1)}x`]) {
      expect((await h.call('/board-share/vote', { body: { token: guarded.token, pass: forged, itemId: firstItem, voterKey: randomUUID(), value: 1 } })).status).toBe(401);
    }
    // A pass opens its own link only; a link without a password issues none.
    const other = await create({ password: 'other-pass' });
    expect((await h.call('/board-share/open', { body: { token: other.token, pass } })).status).toBe(401);
    const plain = await create({});
    expect((await open(plain.token)).body.data.pass).toBeNull();
    // Every guest call proves the link.
    const itemId = (await detail(alice, id)).body.data.items[0]!.id;
    expect((await h.call('/board-share/vote', { body: { token: guarded.token, itemId, voterKey: randomUUID(), value: 1 } })).status).toBe(401);

    await h.call('/board/delete', { token: alice, body: { id } });
    expect((await open(guarded.token, 'tea-time')).status).toBe(404);
    expect(await h.sql(`SELECT id FROM catalogue.board_items WHERE board_id = $1`, [id])).toEqual([]);
  });

  it('holds boards, links and items to their limits', async () => {
    const id = await createBoard(alice, 'Many links');
    for (let i = 0; i < 20; i++) expect((await h.call('/board/links/create', { token: alice, body: { id } })).status).toBe(200);
    const refused = await h.call('/board/links/create', { token: alice, body: { id }, lang: 'zh-CN' });
    expect([refused.status, refused.body.message]).toEqual([422, '一个素材板最多有 20 个有效的分享链接，请先撤销不用的链接']);
    // A board at its item limit refuses more, and keeps what it has.
    const many = await h.createMaterials(
      Array.from({ length: 1_000 }, (_, i) => ({ kind: 'photo' as const, status: 'published' as const, titleZh: `样片 ${i}`, titleEn: `Sample ${i}`, keywordsZh: [], keywordsEn: [] })),
    );
    const full = await createBoard(alice, 'Full', []);
    for (let from = 0; from < 1_000; from += 100) {
      expect((await h.call('/board/items/add', { token: alice, body: { id: full, materialIds: many.slice(from, from + 100).map((m) => m.id) } })).status).toBe(200);
    }
    const over = await h.call('/board/items/add', { token: alice, body: { id: full, materialIds: [ids.bund, many[0]!.id] }, lang: 'en' });
    expect([over.status, over.body.message]).toEqual([422, 'A board holds at most 1000 items']);
    // Those already on it are no news: adding them again is not refused.
    expect((await h.call<{ added: number }>('/board/items/add', { token: alice, body: { id: full, materialIds: [many[5]!.id] } })).body.data).toEqual({ added: 0 });
    expect((await detail(alice, full)).body.data.itemCount).toBe(1_000);
  });
});
