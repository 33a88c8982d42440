import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startCluster } from './distributed/cluster.mjs';
import { eventually } from './harness.mjs';

const run = promisify(execFile);

/** A W3C traceparent as a caller would send it. */
function callerTrace() {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/** A real 1080p H.264 clip, made by ffmpeg. */
async function clip() {
  const dir = mkdtempSync(join(tmpdir(), 'mkt-clip-'));
  const out = join(dir, 'clip.mp4');
  try {
    await run(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The distributed shape, end to end: seven service processes, seven databases, one bus, an S3
 * server and the route table's gateway. A contributor's upload becomes a material a buyer orders,
 * pays for and downloads with its authorization file; every call goes through the gateway, every
 * step between services over the event bus.
 */
describe('distributed shape: every service its own process and database', () => {
  let cluster;
  before(async () => {
    cluster = await startCluster({ log: (line) => console.log(`  ${line}`) });
  });
  after(async () => {
    await cluster?.stop();
  });

  const store = async (path, { token, body, form, headers = {} } = {}) => {
    const response = await fetch(`${cluster.url}/api${path}`, {
      method: 'POST',
      headers: { 'accept-language': 'en', ...(form ? {} : { 'content-type': 'application/json' }), ...(token ? { access_token: token } : {}), ...headers },
      body: form ?? JSON.stringify(body ?? {}),
    });
    const json = await response.json();
    return { status: response.status, headers: response.headers, ...json };
  };
  const console_ = async (method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(`${cluster.url}/admin-api${path}`, {
      method,
      headers: { 'accept-language': 'en', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const staff = async (username, password) => {
    const reply = await console_('POST', '/auth/login', { body: { username, password } });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body.token;
  };
  const signIn = async (account) => {
    assert.equal((await store('/user/code/send', { body: { account } })).code, 0);
    // The dev mailbox is identity's own, not a public route: asked at identity directly.
    const code = await eventually(async () => {
      const { messages } = await (await fetch(`${cluster.serviceUrl('identity')}/dev/mailbox?to=${account}`)).json();
      return messages[0]?.code;
    });
    const login = await store('/user/login', { body: { account, code } });
    assert.equal(login.code, 0, login.message);
    return login.data.token;
  };

  it('takes an upload to a published material, an order of it to its authorization file and the original, across processes', async () => {
    const bytes = await clip();
    const contributor = await signIn('13800000003');
    const buyer = await signIn('13800000001');
    const [reviewer, sales, finance] = await Promise.all([staff('reviewer', 'reviewer12345'), staff('sales', 'sales12345'), staff('finance', 'finance12345')]);

    // Upload: parts straight to the S3 server through signed links, then assembled by uploads.
    const plan = await store('/upload/token/video', { token: contributor, body: { fileName: 'harbour.mp4', fileSize: bytes.length } });
    assert.equal(plan.code, 0, plan.message);
    const { filePath, partCount, partSize } = plan.data;
    const sts = await store('/upload/ali/sts', { token: contributor, body: { filePath, partNumbers: Array.from({ length: partCount }, (_, i) => i + 1) } });
    assert.equal(sts.code, 0, sts.message);
    for (const { partNumber, url } of sts.data.parts) {
      assert.match(url, new RegExp(`^http://127\\.0\\.0\\.1:\\d+/`), 'a part link points at the S3 server');
      const put = await fetch(url, { method: 'PUT', body: bytes.subarray((partNumber - 1) * partSize, partNumber * partSize) });
      assert.equal(put.status, 200);
    }
    const done = await store('/upload/video/success', { token: contributor, body: { fileName: 'harbour.mp4', filePath, fileSize: bytes.length, platform: 'web' } });
    assert.equal(done.code, 0, done.message);
    const uploadId = done.data.id;
    await eventually(async () => (await console_('GET', `/reviews/${uploadId}`, { token: reviewer })).body?.status === 'waiting', { timeoutMs: 90_000, intervalMs: 500 });

    // Review: approved in uploads, published by catalogue, listed by orders (two events apart).
    const title = `Harbour lights ${randomBytes(3).toString('hex')}`;
    const approve = await console_('PUT', `/reviews/${uploadId}`, { token: reviewer, body: { decision: 'approve', titleZh: `港口灯光 ${title.slice(-6)}`, titleEn: title } });
    assert.equal(approve.status, 200, JSON.stringify(approve.body));
    const material = await eventually(async () => {
      const found = await store('/material/search', { body: { keyword: title.slice(-6), type: 'video', sort: 'newest' } });
      return found.data?.infos.find((card) => card.title === title);
    }, { timeoutMs: 30_000, intervalMs: 250 });
    // Boards live in catalogue: the buyer shortlists the clip, and a guest link opens it without an account.
    const board = await store('/board/create', { token: buyer, body: { name: 'Harbour shortlist', materialIds: [material.id] } });
    assert.equal(board.code, 0, board.message);
    // A member found by phone number: catalogue asks identity's lookup call across processes.
    const member = await store('/board/members/add', { token: buyer, body: { id: board.data.id, contact: '13800000003', role: 'viewer' } });
    assert.equal(member.code, 0, member.message);
    assert.equal(member.data.contact, '138****0003');
    const seen = await store('/board/detail', { token: contributor, body: { id: board.data.id } });
    assert.equal(seen.data?.role, 'viewer', seen.message);
    // The invitation reaches the member's notification centre in identity, over the bus.
    await eventually(async () => {
      const notices = await store('/user/notifications', { token: contributor, body: {} });
      return notices.data?.infos.some((notice) => notice.kind === 'boardMember' && notice.boardId === board.data.id) || undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const link = await store('/board/links/create', { token: buyer, body: { id: board.data.id } });
    assert.equal(link.code, 0, link.message);
    const shared = await store('/board-share/open', { body: { token: link.data.token } });
    assert.deepEqual(shared.data?.items.map((item) => item.materialId), [material.id]);
    const cartId = await eventually(async () => {
      const added = await store('/cart/add', { token: buyer, body: { materialId: material.id } });
      return added.code === 0 ? added.data.cartId : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });

    // The order, in the buyer's trace; the confirmation in finance's.
    const submitted = callerTrace();
    const created = await store('/order/create', {
      token: buyer,
      headers: { traceparent: submitted.traceparent },
      body: { cartIds: [cartId], licence: { licenceType: 'commercial', buyerCompany: '上海光影传媒有限公司', projectType: 'advertising', projectName: '外滩夜景宣传片', brand: '光影', userCompany: '杭州使用方科技有限公司', purpose: '品牌广告投放', region: 'mainland', duration: '1y', contact: '王小明', phone: '13800000001', specialRequest: '' } },
    });
    assert.equal(created.code, 0, created.message);
    assert.equal(created.headers.get('x-trace-id'), submitted.traceId);
    const orderId = created.data.orderId;
    const detail = await console_('GET', `/orders/${orderId}`, { token: sales });
    const quoted = await console_('POST', `/orders/${orderId}/quote`, { token: sales, body: { items: detail.body.items.map((item) => ({ itemId: item.itemId, priceFen: 88_800 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() } });
    assert.equal(quoted.status < 300, true, JSON.stringify(quoted.body));
    const form = new FormData();
    form.set('id', orderId);
    form.set('accountName', '上海光影传媒有限公司');
    form.set('voucher', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex')], { type: 'image/png' }), 'voucher.png');
    const paid = await store('/order/pay', { token: buyer, form });
    assert.equal(paid.code, 0, paid.message);
    const confirmedTrace = callerTrace();
    const confirmed = await console_('POST', `/orders/${orderId}/confirm`, { token: finance, headers: { traceparent: confirmedTrace.traceparent } });
    assert.equal(confirmed.status < 300, true, JSON.stringify(confirmed.body));

    // Licensing, another process with another database, issues the file from the event.
    const licence = await eventually(async () => {
      const listed = await store('/licence/list', { token: buyer, body: { orderId } });
      return listed.data?.find((view) => view.status === 'generated');
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const file = await store('/licence/file', { token: buyer, body: { licenceId: licence.licenceId } });
    assert.equal(file.code, 0, file.message);
    const pdf = Buffer.from(await (await fetch(file.data.url)).arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const original = await store('/download/original', { token: buyer, body: { orderId, itemId: detail.body.items[0].itemId } });
    assert.equal(original.code, 0, original.message);
    const downloaded = Buffer.from(await (await fetch(original.data.url)).arrayBuffer());
    assert.equal(downloaded.equals(bytes), true, 'the buyer downloads exactly the clip the contributor uploaded');

    // An enterprise member asks for the clip; their administrator approves; the quote request then
    // follows the usual flow, and the administrator opens the member's licence file from the
    // company licence history: orders signs the grant, licensing (another process) honours it.
    const [employee, admin] = [await signIn('13800000006'), await signIn('13800000004')];
    const asked = await eventually(async () => {
      const reply = await store('/project/purchase/request', { token: employee, body: { materialIds: [material.id], contact: '星河剪辑师' } });
      return reply.code === 0 ? reply.data : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const decided = await store('/project/purchase/approve', { token: admin, body: { id: asked.id } });
    assert.equal(decided.code, 0, decided.message);
    const requested = decided.data.orderId;
    const requestedDetail = await console_('GET', `/orders/${requested}`, { token: sales });
    await console_('POST', `/orders/${requested}/quote`, { token: sales, body: { items: requestedDetail.body.items.map((item) => ({ itemId: item.itemId, priceFen: 66_600 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() } });
    const memberForm = new FormData();
    memberForm.set('id', requested);
    memberForm.set('accountName', '星河传媒有限公司');
    memberForm.set('voucher', form.get('voucher'));
    assert.equal((await store('/order/pay', { token: employee, form: memberForm })).code, 0);
    assert.equal((await console_('POST', `/orders/${requested}/confirm`, { token: finance })).status < 300, true);
    const line = await eventually(async () => {
      const history = await store('/project/licences', { token: admin, body: {} });
      return history.data?.infos.find((entry) => entry.orderId === requested);
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const companyFile = await eventually(async () => {
      const reply = await store('/licence/company-file', { token: admin, body: { grant: line.fileGrant } });
      return reply.code === 0 ? reply.data : undefined;
    }, { timeoutMs: 30_000, intervalMs: 250 });
    assert.equal(Buffer.from(await (await fetch(companyFile.url)).arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
    assert.equal((await store('/licence/company-file', { token: employee, body: { grant: line.fileGrant } })).code !== 0, true);

    // One trace per call, across processes: the buyer's order in orders' lines, the confirmation
    // in licensing's, from the event that crossed the bus.
    assert.ok(cluster.logLines('orders').some((line) => line.msg === 'request' && line.path === '/api/order/create' && line.traceId === submitted.traceId));
    const issued = cluster.logLines('licensing').find((line) => line.msg === 'licence files issued' && line.orderId === orderId);
    assert.equal(issued?.traceId, confirmedTrace.traceId);
    assert.ok(!cluster.logLines('licensing').some((line) => line.traceId === submitted.traceId && line.msg === 'licence files issued'));
    assert.deepEqual(cluster.running().length, 7);
    // Nothing went wrong on the way that a person would have to look into.
    const errors = ['identity', 'catalogue', 'uploads', 'orders', 'licensing', 'payouts', 'contests'].flatMap((service) => cluster.logLines(service).filter((line) => line.level >= 50).map((line) => `${service}: ${line.msg}`));
    assert.deepEqual(errors, []);
  });
});
