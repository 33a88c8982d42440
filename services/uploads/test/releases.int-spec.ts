import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ErrorCode, type ContributedMaterial, type ReleaseListResponse, type ReleaseUploadLink, type ReleaseView, type RevealedRelease, type ReviewRecord } from '@mkt/contracts';
import { BUYER, GID2, GID3, startUploads, type UploadsHarness } from './uploads-harness.js';

/** A small but real PDF: header, one empty page, trailer and end marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe('model and property releases: the library, the details step and review', () => {
  let h: UploadsHarness;
  let jpeg: Buffer;
  beforeAll(async () => {
    h = await startUploads();
    jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 240, g: 240, b: 230 } } }).jpeg().toBuffer();
  });
  afterAll(() => h.close());

  const absolute = (url: string) => (url.startsWith('/') ? `${h.url}${url}` : url);
  const day = (offsetDays: number) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

  /** Link, PUT, complete: the browser's three steps. */
  async function upload(token: string, bytes: Buffer, details: { kind?: string; name?: string; contentType?: string } = {}) {
    const body = { kind: 'model', name: '张伟', signedOn: day(-3), contentType: 'application/pdf', size: bytes.length, ...details };
    const link = await h.call<ReleaseUploadLink>('/upload/release/link', { token, body });
    expect(link.body.code).toBe(0);
    const put = await fetch(absolute(link.body.data.url), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/octet-stream' } });
    expect(put.status).toBe(200);
    return { id: link.body.data.id, completed: await h.call<ReleaseView>('/upload/release/complete', { token, body: { id: link.body.data.id } }) };
  }

  /** A file through processing and waiting for review, as the pipeline leaves it. */
  async function waitingUpload(contributorId: string): Promise<number> {
    const [row] = await h.sql<{ id: string }>(
      `INSERT INTO uploads.uploads (contributor_id, kind, status, file_name, file_size, file_path, part_size, part_count, codec, width, height, duration_seconds, fps,
         max_resolution, thumbnail_key, sample_key, preview480_key, created_at, updated_at)
       VALUES ($1, 'video', 'waiting', 'street.mp4', 1000, $2, 1000, 1, 'h264', 1920, 1080, 5, 25, '1080P', 'renditions/t.jpg', 'samples/s.mp4', 'renditions/p.mp4', now(), now()) RETURNING id`,
      [contributorId, `contrib/${contributorId}/${randomUUID()}/original.mp4`],
    );
    return Number(row!.id);
  }

  const details = (id: number, answers: { recognizablePeople: boolean; privateProperty: boolean; releaseIds?: string[] }) => ({
    id,
    titleZh: '街头人像',
    titleEn: 'Street portrait',
    keywordsZh: ['街头', '人像', '城市'],
    keywordsEn: ['street', 'portrait', 'city'],
    categoryId: 1,
    filters: { people: ['with-people'] },
    ...answers,
  });

  it('keeps a checked PDF or image in the contributor’s private library, and only theirs', async () => {
    const owner = await h.user(GID2);
    const other = await h.user(GID3);
    const pdf = await upload(owner.token, PDF, { name: '  Jane Doe ' });
    expect(pdf.completed.body.data).toMatchObject({ kind: 'model', name: 'Jane Doe', contentType: 'application/pdf', size: PDF.length, attachedTo: 0 });
    // Declared a PDF, but the bytes are a JPEG: kept as what it is.
    const photo = await upload(owner.token, jpeg, { kind: 'property', name: '外滩 12 号' });
    expect(photo.completed.body.data).toMatchObject({ kind: 'property', contentType: 'image/jpeg' });
    // Completing twice answers the same.
    expect((await h.call<ReleaseView>('/upload/release/complete', { token: owner.token, body: { id: pdf.id } })).body.data.id).toBe(pdf.id);

    const list = await h.call<ReleaseListResponse>('/upload/release/list', { token: owner.token, body: {} });
    expect(list.body.data.infos.map((release) => release.id).sort()).toEqual([pdf.id, photo.id].sort());
    expect((await h.call<ReleaseListResponse>('/upload/release/list', { token: owner.token, body: { kind: 'property' } })).body.data.total).toBe(1);
    expect((await h.call<ReleaseListResponse>('/upload/release/list', { token: other.token, body: {} })).body.data.total).toBe(0);

    const view = await h.call<{ url: string }>('/upload/release/view', { token: owner.token, body: { id: pdf.id } });
    const file = await fetch(absolute(view.body.data.url));
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    // Another contributor's release is not found, whatever they try.
    for (const path of ['/upload/release/view', '/upload/release/complete', '/upload/release/delete']) {
      const probe = await h.call(path, { token: other.token, body: { id: pdf.id } });
      expect([path, probe.status, probe.body.code]).toEqual([path, 404, ErrorCode.RELEASE_NOT_FOUND]);
    }
    const [stored] = await h.sql<{ count: number }>(`SELECT count(*)::int AS count FROM uploads.releases WHERE contributor_id = $1 AND status = 'stored'`, [owner.userId]);
    expect(stored!.count).toBe(2);
  });

  it('refuses visitors, buyers, malformed requests and files that are not what a release may be, keeping nothing', async () => {
    const owner = await h.user(GID3);
    const body = { kind: 'model', name: 'A', signedOn: day(-1), contentType: 'application/pdf', size: 1000 };
    expect((await h.call('/upload/release/link', { body })).status).toBe(401);
    expect((await h.call('/upload/release/link', { token: (await h.user(BUYER)).token, body })).status).toBe(403);
    const malformed: object[] = [
      { ...body, name: 'A\u0000B' },
      { ...body, name: '' },
      { ...body, kind: 'brand' },
      { ...body, size: 20 * 1024 * 1024 + 1 },
      { ...body, size: Number.MAX_SAFE_INTEGER + 2 },
      { ...body, size: '1000' },
      { ...body, contentType: 'image/gif' },
      { ...body, signedOn: '2026-02-30' },
      { ...body, signedOn: '30/01/2026' },
      { ...body, signedOn: '1899-12-31' },
    ];
    for (const request of malformed) {
      const refused = await h.call('/upload/release/link', { token: owner.token, body: request });
      expect([JSON.stringify(request), refused.status]).toEqual([JSON.stringify(request), 422]);
    }
    const future = await h.call('/upload/release/link', { token: owner.token, body: { ...body, signedOn: day(2) }, lang: 'zh-CN' });
    expect([future.status, future.body.code, future.body.message]).toEqual([422, ErrorCode.RELEASE_INVALID, '授权文件须为 PDF、JPG 或 PNG，且不超过 20 MB']);
    expect((await h.call('/upload/release/view', { token: owner.token, body: { id: 'not-a-uuid' } })).status).toBe(422);

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer();
    for (const [bytes, contentType] of [
      [Buffer.from('just some text, renamed release.pdf'), 'application/pdf'],
      [jpeg.subarray(0, 300), 'image/jpeg'],
      [gif, 'image/png'],
      [Buffer.from('%PDF-1.4 but never ends'), 'application/pdf'],
    ] as const) {
      const { id, completed } = await upload(owner.token, bytes, { contentType });
      expect([completed.status, completed.body.code]).toEqual([422, ErrorCode.RELEASE_INVALID]);
      expect(await h.sql('SELECT 1 FROM uploads.releases WHERE id = $1', [id])).toHaveLength(0);
      expect(await h.storage().stat('releases', `${owner.userId}/${id}`)).toBeNull();
    }
  });

  it('attaches the contributor’s own releases at the details step; an attached release cannot be deleted', async () => {
    const owner = await h.user(GID3);
    const other = await h.user(GID3);
    const mine = (await upload(owner.token, PDF)).id;
    const theirs = (await upload(other.token, PDF)).id;
    const id = await waitingUpload(owner.userId);

    const missingAnswer = await h.call('/upload/material/details', { token: owner.token, body: { ...details(id, { recognizablePeople: true, privateProperty: false }), privateProperty: undefined } });
    expect(missingAnswer.status).toBe(422);
    const stolen = await h.call('/upload/material/details', { token: owner.token, body: details(id, { recognizablePeople: true, privateProperty: false, releaseIds: [theirs] }) });
    expect([stolen.status, stolen.body.code]).toEqual([404, ErrorCode.RELEASE_NOT_FOUND]);
    const madeUp = await h.call('/upload/material/details', { token: owner.token, body: details(id, { recognizablePeople: true, privateProperty: false, releaseIds: [randomUUID()] }) });
    expect(madeUp.status).toBe(404);

    const saved = await h.call<ContributedMaterial>('/upload/material/details', { token: owner.token, body: details(id, { recognizablePeople: true, privateProperty: false, releaseIds: [mine, mine] }) });
    expect(saved.body.data.releases).toEqual({ recognizablePeople: true, privateProperty: false, releaseIds: [mine], editorialOnly: false });
    expect((await h.call<ReleaseListResponse>('/upload/release/list', { token: owner.token, body: {} })).body.data.infos[0]!.attachedTo).toBe(1);
    const removal = await h.call('/upload/release/delete', { token: owner.token, body: { id: mine }, lang: 'zh-CN' });
    expect([removal.status, removal.body.code, removal.body.message]).toEqual([409, ErrorCode.RELEASE_IN_USE, '该授权文件已附在素材上（1 个），不能删除']);

    // Once nothing carries it, the release and its file go.
    await h.call('/upload/material/details', { token: owner.token, body: details(id, { recognizablePeople: false, privateProperty: false }) });
    expect((await h.call('/upload/release/delete', { token: owner.token, body: { id: mine } })).body.code).toBe(0);
    expect(await h.storage().stat('releases', `${owner.userId}/${mine}`)).toBeNull();
  });

  it('review requires the releases a declaration calls for, or approves the material as editorial use only', async () => {
    const owner = await h.user(GID3);
    const reviewer = await h.staffToken(['reviewer']);
    const model = (await upload(owner.token, PDF, { name: '李娜' })).id;

    const bare = await waitingUpload(owner.userId);
    await h.call('/upload/material/details', { token: owner.token, body: details(bare, { recognizablePeople: true, privateProperty: true }) });
    const record = await h.admin<ReviewRecord>('GET', `/reviews/${bare}`, { token: reviewer });
    expect(record.body).toMatchObject({ attachedReleases: [], missingReleases: ['model', 'property'] });
    const refused = await h.admin<{ code: number; message: string }>('PUT', `/reviews/${bare}`, { token: reviewer, body: { decision: 'approve' } });
    expect([refused.status, refused.body.code]).toEqual([422, ErrorCode.RELEASES_MISSING]);
    expect(refused.body.message).toMatch(/^Recognizable people and private property appear/);
    expect((await h.sql(`SELECT status FROM uploads.uploads WHERE id = $1`, [bare]))[0]).toEqual({ status: 'waiting' });
    const editorial = await h.admin('PUT', `/reviews/${bare}`, { token: reviewer, body: { decision: 'approve', editorialOnly: true } });
    expect(editorial.status).toBe(200);
    const [announced] = await h.sql<{ payload: { releases: object } }>(`SELECT payload FROM uploads.outbox WHERE name = 'contribution.approved' AND aggregate_id = $1`, [String(bare)]);
    expect(announced!.payload.releases).toEqual({ model: false, property: false, editorialOnly: true });

    const released = await waitingUpload(owner.userId);
    await h.call('/upload/material/details', { token: owner.token, body: details(released, { recognizablePeople: true, privateProperty: false, releaseIds: [model] }) });
    const shown = await h.admin<ReviewRecord>('GET', `/reviews/${released}`, { token: reviewer });
    expect(shown.body.attachedReleases).toEqual([{ id: model, kind: 'model', name: '李*', signedOn: day(-3), contentType: 'application/pdf' }]);
    expect(shown.body.missingReleases).toEqual([]);
    expect((await h.admin('PUT', `/reviews/${released}`, { token: reviewer, body: { decision: 'approve' } })).status).toBe(200);
    const [approved] = await h.sql<{ payload: { releases: object } }>(`SELECT payload FROM uploads.outbox WHERE name = 'contribution.approved' AND aggregate_id = $1`, [String(released)]);
    expect(approved!.payload.releases).toEqual({ model: true, property: false, editorialOnly: false });
  });

  it('shows a release’s name and file to reviewers only, each time in the audit log', async () => {
    const owner = await h.user(GID3);
    const release = (await upload(owner.token, PDF, { name: 'Jane Doe' })).id;
    const other = (await upload(owner.token, PDF, { name: 'Not attached' })).id;
    const id = await waitingUpload(owner.userId);
    await h.call('/upload/material/details', { token: owner.token, body: details(id, { recognizablePeople: true, privateProperty: false, releaseIds: [release] }) });

    const reviewer = await h.staffToken(['reviewer']);
    const listed = await h.admin<ReviewRecord>('GET', `/reviews/${id}`, { token: reviewer });
    expect(listed.body.attachedReleases[0]!.name).toBe('J*** D**');
    const queue = await h.admin<ReviewRecord[]>('GET', `/reviews?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, { token: reviewer });
    expect(queue.body.map((record) => record.attachedReleases.map((release) => release.name))).toEqual([['J*** D**']]);
    const revealed = await h.admin<RevealedRelease>('POST', `/reviews/${id}/releases/${release}/reveal`, { token: reviewer });
    expect(revealed.body).toMatchObject({ id: release, name: 'Jane Doe', expiresInSeconds: 300 });
    expect(Buffer.from(await (await fetch(absolute(revealed.body.url))).arrayBuffer()).equals(PDF)).toBe(true);
    const audit = await h.sql<{ action: string; after: { releaseId: string } }>(`SELECT action, after FROM uploads.audit_log WHERE resource = 'reviews' AND resource_id = $1`, [String(id)]);
    expect(audit).toEqual([{ action: 'reveal', after: expect.objectContaining({ releaseId: release, kind: 'model' }) }]);

    expect((await h.admin('POST', `/reviews/${id}/releases/${release}/reveal`, { token: await h.staffToken(['finance']) })).status).toBe(403);
    expect((await h.admin('POST', `/reviews/${id}/releases/${release}/reveal`)).status).toBe(401);
    expect((await h.admin('POST', `/reviews/${id}/releases/${other}/reveal`, { token: reviewer })).status).toBe(404);
    expect((await h.admin('POST', `/reviews/${id}/releases/not-a-uuid/reveal`, { token: reviewer })).status).toBe(404);
    expect((await h.admin('POST', `/reviews/99999999999999999999/releases/${release}/reveal`, { token: reviewer })).status).toBe(404);
    expect(await h.sql(`SELECT 1 FROM uploads.audit_log WHERE action = 'reveal'`)).toHaveLength(1);
  });
});
