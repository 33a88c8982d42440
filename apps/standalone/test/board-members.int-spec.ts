import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_LOOKUP_PATH, INTROSPECTION_SIGNATURE_HEADER, type BoardComment, type BoardDetail, type BoardMember, type BoardSummary, type NotificationPage, type SessionResponse } from '@mkt/contracts';
import { CatalogueModule, MaterialWriter } from '@mkt/catalogue';
import { IdentityModule, NotificationMailer } from '@mkt/identity';
import { accountLookupSignature, startServiceProcess, type RunningServiceProcess } from '@mkt/platform';
import { createTestDatabase, type TestDatabase } from '@mkt/platform/testing';

interface Reply<T> {
  status: number;
  body: { code: number; message: string; data: T };
}

/**
 * Board members, with identity in the process (its account directory finds them by what they
 * sign in with): viewers see and comment, editors also change items, only the owner shares and
 * manages members; a removed member loses the board at once; every change names who made it.
 */
describe('single machine: board members found through identity', () => {
  let db: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'mkt-board-members-'));
  let server: RunningServiceProcess;
  const tokens: Record<string, string> = {};
  let materials: number[] = [];

  const call = async <T = unknown>(path: string, token: string | undefined, body: unknown, lang = 'en'): Promise<Reply<T>> => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': lang, ...(token ? { access_token: token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Reply<T>['body'] };
  };

  async function signIn(account: string): Promise<string> {
    await call('/user/code/send', undefined, { account });
    const mailbox = (await (await fetch(`${server.url}/dev/mailbox?to=${encodeURIComponent(account)}`)).json()) as { messages: { code: string }[] };
    const login = await call<{ token: string }>('/user/login', undefined, { account, code: mailbox.messages.at(-1)!.code });
    return login.body.data.token;
  }

  beforeAll(async () => {
    db = await createTestDatabase('board-members');
    server = await startServiceProcess({
      title: 'board members under test',
      modules: [IdentityModule, CatalogueModule],
      env: { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    });
    const created = await server.app.get(MaterialWriter).createMany(
      ['Harbour at dawn', 'Harbour at noon', 'Harbour at dusk'].map((titleEn, i) => ({ kind: 'video' as const, status: 'published' as const, titleZh: `港口 ${i}`, titleEn })),
    );
    materials = created.map((row) => row.id);
    for (const [name, account] of Object.entries({ owner: '13800000051', editor: 'editor@example.com', viewer: '13800000053', stranger: '13800000054' })) tokens[name] = await signIn(account);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets each member do their part, names who did what, and takes the board from a removed member at once', async () => {
    const id = (await call<{ id: number }>('/board/create', tokens.owner, { name: 'Harbour film', materialIds: [materials[0]] })).body.data.id;
    // Invited by what they sign in with, however it is typed.
    const editor = await call<BoardMember>('/board/members/add', tokens.owner, { id, contact: ' Editor@Example.com ', role: 'editor' });
    expect(editor.body.data).toMatchObject({ role: 'editor', contact: 'e****r@example.com', nickname: expect.any(String) });
    const viewer = await call<BoardMember>('/board/members/add', tokens.owner, { id, contact: '138-0000-0053', role: 'viewer' });
    expect(viewer.body.data).toMatchObject({ role: 'viewer', contact: '138****0053' });
    const unknown = await call('/board/members/add', tokens.owner, { id, contact: '13800000099', role: 'viewer' }, 'zh-CN');
    expect([unknown.status, unknown.body.message]).toEqual([404, '没有用这个手机号或邮箱登录的账号']);
    expect((await call('/board/members/add', tokens.owner, { id, contact: '13800000051', role: 'viewer' })).status).toBe(422);
    expect((await call('/board/members/add', tokens.owner, { id, contact: 'not a contact', role: 'viewer' })).status).toBe(404);
    expect((await call('/board/members/add', tokens.owner, { id, contact: '13800000053', role: 'owner' })).status).toBe(422);

    // Members find it in their lists, with their part.
    const listed = await call<{ list: BoardSummary[] }>('/board/list', tokens.viewer, {});
    expect(listed.body.data.list).toEqual([expect.objectContaining({ id, name: 'Harbour film', role: 'viewer' })]);
    expect((await call<{ list: BoardSummary[] }>('/board/list', tokens.stranger, {})).body.data.list).toEqual([]);

    // The editor changes items and the cover; the viewer only looks and comments.
    expect((await call<{ added: number }>('/board/items/add', tokens.editor, { id, materialIds: [materials[1]] })).body.data).toEqual({ added: 1 });
    expect((await call('/board/update', tokens.editor, { id, coverMaterialId: materials[1] })).status).toBe(200);
    const readOnly = await call('/board/items/add', tokens.viewer, { id, materialIds: [materials[2]] }, 'zh-CN');
    expect([readOnly.status, readOnly.body.code, readOnly.body.message]).toEqual([403, 3209, '您在这个素材板中的权限不能做这项修改']);
    const detail = await call<BoardDetail>('/board/detail', tokens.viewer, { id });
    expect(detail.body.data.role).toBe('viewer');
    const [first, second] = detail.body.data.items;
    expect((await call('/board/items/note', tokens.viewer, { id, itemId: first!.id, note: 'mine' })).status).toBe(403);
    expect((await call('/board/items/comment', tokens.viewer, { id, itemId: first!.id, body: 'Lovely light' })).status).toBe(200);
    // Only the owner renames, deletes, shares and manages members.
    for (const [path, body] of [
      ['/board/update', { id, name: 'Taken over' }],
      ['/board/delete', { id }],
      ['/board/links/create', { id }],
      ['/board/links', { id }],
      ['/board/members/add', { id, contact: '13800000054', role: 'editor' }],
    ] as const) {
      expect({ path, status: (await call(path, tokens.editor, body)).status }).toEqual({ path, status: 403 });
    }
    // Strangers still see nothing at all.
    expect((await call('/board/detail', tokens.stranger, { id })).status).toBe(404);

    // Who did what, by name.
    const names = Object.fromEntries((await call<{ list: BoardMember[] }>('/board/members', tokens.viewer, { id })).body.data.list.map((m) => [m.role, m.nickname]));
    const owned = await call<BoardDetail>('/board/detail', tokens.owner, { id });
    expect(owned.body.data.items.map((item) => item.addedBy)).toEqual([expect.any(String), names.editor]);
    expect(owned.body.data.items[0]!.addedBy).not.toBe('');
    expect(second!.materialId).toBe(materials[1]);
    const comments = await call<{ list: BoardComment[] }>('/board/items/comments', tokens.owner, { id, itemId: first!.id });
    expect(comments.body.data.list).toEqual([expect.objectContaining({ author: names.viewer, byOwner: false, byGuest: false, body: 'Lovely light' })]);

    // Removed: at once, on the very next call. A member may also leave by themselves.
    const viewerId = viewer.body.data.userId;
    expect((await call('/board/members/remove', tokens.editor, { id, userId: viewerId })).status).toBe(403);
    expect((await call('/board/members/remove', tokens.owner, { id, userId: viewerId })).status).toBe(200);
    expect((await call('/board/detail', tokens.viewer, { id })).status).toBe(404);
    expect((await call('/board/members/remove', tokens.editor, { id, userId: editor.body.data.userId })).status).toBe(200);
    expect((await call('/board/items/add', tokens.editor, { id, materialIds: [materials[2]] })).status).toBe(404);
  });

  it('tells the owner of comments and a member of their invitation, in the notification centre and the session', async () => {
    const id = (await call<{ id: number }>('/board/create', tokens.owner, { name: 'Notified', materialIds: [materials[0]] })).body.data.id;
    await call('/board/members/add', tokens.owner, { id, contact: '13800000053', role: 'viewer' });
    const itemId = (await call<BoardDetail>('/board/detail', tokens.owner, { id })).body.data.items[0]!.id;
    await call('/board/items/comment', tokens.viewer, { id, itemId, body: 'First thought' });
    await call('/board/items/comment', tokens.viewer, { id, itemId, body: 'Second thought' });
    // The owner's own comment tells nobody.
    await call('/board/items/comment', tokens.owner, { id, itemId, body: 'Noted' });
    // A viewer's vote, changed once: two votes on one line for the owner.
    expect((await call('/board/items/vote', tokens.viewer, { id, itemId, value: 1 })).status).toBe(200);
    expect((await call('/board/items/vote', tokens.viewer, { id, itemId, value: -1 })).status).toBe(200);

    const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const value = await read();
        if (value !== undefined) return value;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('not in time');
    };
    const ownerPage = await eventually(async () => {
      const page = await call<NotificationPage>('/user/notifications', tokens.owner, {});
      const found = page.body.data.infos.find((n) => n.kind === 'boardComment' && n.boardId === id && !n.read);
      return found && found.kind === 'boardComment' && found.count === 2 ? page.body.data : undefined;
    });
    expect(ownerPage.infos.find((n) => n.kind === 'boardComment')).toMatchObject({ boardName: 'Notified', excerpt: 'Second thought', byGuest: false, count: 2, read: false });
    const votes = await eventually(async () => {
      const found = (await call<NotificationPage>('/user/notifications', tokens.owner, {})).body.data.infos.find((n) => n.kind === 'boardVote' && n.boardId === id);
      return found && found.kind === 'boardVote' && found.count === 2 ? found : undefined;
    });
    expect(votes).toMatchObject({ boardName: 'Notified', byGuest: false, up: false, voter: expect.any(String) });
    const memberPage = await eventually(async () => {
      const page = await call<NotificationPage>('/user/notifications', tokens.viewer, {});
      return page.body.data.infos.some((n) => n.kind === 'boardMember' && n.boardId === id) ? page.body.data : undefined;
    });
    expect(memberPage.infos.find((n) => n.kind === 'boardMember' && n.boardId === id)).toMatchObject({ role: 'viewer', boardName: 'Notified', invitedBy: expect.any(String) });

    // The header reads the count with the session; reading them all clears it.
    const session = await call<SessionResponse>('/session', tokens.owner, {});
    expect(session.body.data.unreadNotifications).toBeGreaterThanOrEqual(1);
    expect((await call<{ unread: number }>('/user/notifications/read', tokens.owner, {})).body.data).toEqual({ unread: 0 });
    expect((await call<SessionResponse>('/session', tokens.owner, {})).body.data.unreadNotifications).toBe(0);
    // Someone else's ids mark nothing of theirs; visitors are refused.
    const viewerIds = memberPage.infos.map((n) => n.id);
    await call('/user/notifications/read', tokens.owner, { ids: viewerIds });
    expect((await call<NotificationPage>('/user/notifications', tokens.viewer, {})).body.data.unread).toBeGreaterThanOrEqual(1);
    expect((await call('/user/notifications', undefined, {})).status).toBe(401);
  });

  it('mails what stays unread to an account with an address: once a line, not when read first, not when turned off', async () => {
    // What earlier tests left unread for the editor is not this test's.
    await call('/user/notifications/read', tokens.editor, {});
    const id = (await call<{ id: number }>('/board/create', tokens.editor, { name: 'Mailed', materialIds: [materials[1]] })).body.data.id;
    await call('/board/members/add', tokens.editor, { id, contact: '13800000053', role: 'viewer' });
    const itemId = (await call<BoardDetail>('/board/detail', tokens.editor, { id })).body.data.items[0]!.id;
    const comment = (body: string) => call('/board/items/comment', tokens.viewer, { id, itemId, body });
    const line = async () => (await call<NotificationPage>('/user/notifications', tokens.editor, {})).body.data.infos.find((n) => n.kind === 'boardComment' && n.boardId === id && !n.read);
    const waitForCount = async (count: number) => {
      for (let attempt = 0; attempt < 100 && (await line())?.['count' as never] !== count; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await line()).toMatchObject({ count, read: false });
    };
    const mailer = server.app.get(NotificationMailer);
    const mailsDue = () => mailer.sendDue(new Date(Date.now() + 6 * 60_000));
    const mails = async () =>
      ((await (await fetch(`${server.url}/dev/mailbox?to=editor%40example.com`)).json()) as { messages: { subject: string; text: string; channel: string }[] }).messages.filter((m) => m.subject.includes('Lumen Stock:'));

    await comment('Too dark');
    await comment('The second half works');
    await waitForCount(2);
    const page = (await call<NotificationPage>('/user/notifications', tokens.editor, {})).body.data;
    expect([page.mail, page.hasEmail]).toEqual([true, true]);
    // Not before its time; then one mail with the latest, in both languages, linking to the board.
    expect(await mailer.sendDue(new Date())).toBe(0);
    expect(await mailsDue()).toBe(1);
    const [mailed] = await mails();
    expect(mailed).toMatchObject({ channel: 'email', subject: '流明素材新通知 / Lumen Stock: 2 new comments on “Mailed”, the latest: The second half works' });
    expect(mailed!.text).toContain('素材板“Mailed”有 2 条新评论，最新：The second half works');
    expect(mailed!.text).toContain(`/Board?id=${id}`);
    // More on the same unread line is not mailed again; nor is the viewer's invitation (no address).
    await comment('Third thought');
    await waitForCount(3);
    expect(await mailsDue()).toBe(0);
    expect(await mails()).toHaveLength(1);

    // Read before it is due: no mail.
    await call('/user/notifications/read', tokens.editor, {});
    await comment('Fourth');
    await waitForCount(1);
    await call('/user/notifications/read', tokens.editor, {});
    expect(await mailsDue()).toBe(0);
    // Turned off: none; on again, the next one is mailed.
    for (const body of [{}, { mail: 'no' }, { mail: null }]) expect((await call('/user/notifications/settings', tokens.editor, body)).status).toBe(422);
    expect((await call('/user/notifications/settings', undefined, { mail: false })).status).toBe(401);
    expect((await call<{ mail: boolean }>('/user/notifications/settings', tokens.editor, { mail: false })).body.data).toEqual({ mail: false });
    await comment('Fifth');
    await waitForCount(1);
    expect(await mailsDue()).toBe(0);
    await call('/user/notifications/read', tokens.editor, {});
    await call('/user/notifications/settings', tokens.editor, { mail: true });
    await comment('Sixth');
    await waitForCount(1);
    const author = ((await line()) as { author: string }).author;
    expect(author).not.toBe('');
    expect(await mailsDue()).toBe(1);
    expect((await mails()).map((m) => m.subject)).toEqual([`流明素材新通知 / Lumen Stock: ${author} commented on “Mailed”: Sixth`, mailed!.subject]);
    // A phone-only account has nothing to mail to.
    expect((await call<NotificationPage>('/user/notifications', tokens.viewer, {})).body.data).toMatchObject({ mail: true, hasEmail: false });
  });

  it('answers account lookups only to callers holding the shared secret', async () => {
    const request = { contacts: ['13800000051'], userIds: [] };
    const lookup = (signature: string) =>
      fetch(`${server.url}${ACCOUNT_LOOKUP_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', [INTROSPECTION_SIGNATURE_HEADER]: signature }, body: JSON.stringify(request) });
    expect((await lookup('0'.repeat(64))).status).toBe(403);
    expect((await lookup(accountLookupSignature('not-the-secret', request))).status).toBe(403);
  });
});
