// What people do through the public hosts only, run on the "browser" host of the cluster-shaped
// test: its /etc/hosts knows the public hosts (at the ingress) and the users' inbox, nothing inside
// the cluster. An administrator from the rollout's Secret creates the staff; a contributor's clip
// is uploaded through signed links, reviewed and published; a buyer orders it, pays, and downloads
// the authorization file and the original through signed links. Prints one JSON line per step and
// exits non-zero on the first thing that does not work.
//   node browser-journey.mjs   (STORE_URL, FILES_URL, INBOX_URL, ADMIN_USERNAME, ADMIN_PASSWORD, CLIP_PATH)
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const { STORE_URL, FILES_URL, INBOX_URL, ADMIN_USERNAME, ADMIN_PASSWORD, CLIP_PATH } = process.env;
const step = (msg, fields = {}) => console.log(JSON.stringify({ msg, ...fields }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check, { timeoutMs = 30_000, intervalMs = 250, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await sleep(intervalMs);
  }
}

async function store(path, { token, body, form } = {}) {
  const response = await fetch(`${STORE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'accept-language': 'en', ...(form ? {} : { 'content-type': 'application/json' }), ...(token ? { access_token: token } : {}) },
    body: form ?? JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, ...json };
}

async function admin(method, path, { token, body } = {}) {
  const response = await fetch(`${STORE_URL}/admin-api${path}`, {
    method,
    headers: { 'accept-language': 'en', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function staffSignIn(username, password) {
  const reply = await admin('POST', '/auth/login', { body: { username, password } });
  assert.equal(reply.status, 200, `${username} signs in to the console: ${JSON.stringify(reply.body)}`);
  return reply.body.token;
}

/** Signs in by e-mail: the code travels through the cluster's SMTP relay into the user's inbox. */
async function signIn(account) {
  const sent = await store('/user/code/send', { body: { account } });
  assert.equal(sent.code, 0, `code sent to ${account}: ${sent.message}`);
  const code = await eventually(
    async () => {
      const messages = await (await fetch(`${INBOX_URL}/messages?to=${encodeURIComponent(account)}`)).json();
      return /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
    },
    { what: `the sign-in mail to ${account}` },
  );
  const login = await store('/user/login', { body: { account, code } });
  assert.equal(login.code, 0, `${account} signs in: ${login.message}`);
  return login.data.token;
}

/** A signed link as a browser follows it: it must point at the public files host. */
async function follow(url, init) {
  assert.ok(url.startsWith(`${FILES_URL}/`), `a signed link points at the public files host ${FILES_URL}, not ${new URL(url).origin}`);
  const response = await fetch(url, init);
  assert.equal(response.status, 200, `${init?.method ?? 'GET'} ${new URL(url).pathname} through the files host answered ${response.status}: ${(await response.clone().text()).slice(0, 300)}`);
  return response;
}

const run = randomBytes(3).toString('hex');
const bytes = readFileSync(CLIP_PATH);

// The first administrator comes from the rollout's Secret; the rest of the staff from the console.
const adminToken = await staffSignIn(ADMIN_USERNAME, ADMIN_PASSWORD);
const staffPassword = `staff-${randomBytes(8).toString('hex')}`;
for (const [username, role] of [['reviewer1', 'reviewer'], ['sales1', 'sales'], ['finance1', 'finance']]) {
  const created = await admin('POST', '/staff', { token: adminToken, body: { username, displayName: username, password: staffPassword, roles: [role] } });
  assert.equal(created.status, 201, `staff ${username} created: ${JSON.stringify(created.body)}`);
}
const [reviewer, sales, finance] = await Promise.all(['reviewer1', 'sales1', 'finance1'].map((name) => staffSignIn(name, staffPassword)));
step('staff ready');

// A contributor: signed up by e-mail, given upload rights in the console.
const contributor = await signIn(`contributor-${run}@example.test`);
const contributorId = (await store('/session', { token: contributor })).data.id;
const rights = await admin('PUT', `/users/${contributorId}`, { token: adminToken, body: { gid: 3, signFlag: true, videoFlag: true } });
assert.equal(rights.status, 200, `contributor rights: ${JSON.stringify(rights.body)}`);
const buyer = await signIn(`buyer-${run}@example.test`);
step('accounts ready');

// The upload: parts straight to the object store through signed links on the files host.
const plan = await eventually(async () => {
  const answer = await store('/upload/token/video', { token: contributor, body: { fileName: 'harbour.mp4', fileSize: bytes.length } });
  if (answer.code !== 0) throw new Error(answer.message);
  return answer;
}, { what: 'an upload plan (the contributor rights reach uploads)', timeoutMs: 20_000 });
const { filePath, partCount, partSize } = plan.data;
const sts = await store('/upload/ali/sts', { token: contributor, body: { filePath, partNumbers: Array.from({ length: partCount }, (_, i) => i + 1) } });
assert.equal(sts.code, 0, sts.message);
for (const { partNumber, url } of sts.data.parts) {
  await follow(url, { method: 'PUT', body: bytes.subarray((partNumber - 1) * partSize, partNumber * partSize) });
}
const done = await store('/upload/video/success', { token: contributor, body: { fileName: 'harbour.mp4', filePath, fileSize: bytes.length, platform: 'web' } });
assert.equal(done.code, 0, done.message);
const uploadId = done.data.id;
await eventually(async () => (await admin('GET', `/reviews/${uploadId}`, { token: reviewer })).body?.status === 'waiting', { timeoutMs: 120_000, intervalMs: 500, what: 'the upload processed and waiting for review' });
step('uploaded and processed', { uploadId });

const title = `Harbour lights ${run}`;
const approve = await admin('PUT', `/reviews/${uploadId}`, { token: reviewer, body: { decision: 'approve', titleZh: `港口灯光 ${run}`, titleEn: title } });
assert.equal(approve.status, 200, JSON.stringify(approve.body));
const material = await eventually(async () => {
  const found = await store('/material/search', { body: { keyword: run, type: 'video', sort: 'newest' } });
  return found.data?.infos.find((card) => card.title === title);
}, { what: 'the published material in search' });
step('published', { materialId: material.id });

// The order: quote, voucher, confirmation; then the licence file and the original.
const cartId = await eventually(async () => {
  const added = await store('/cart/add', { token: buyer, body: { materialId: material.id } });
  return added.code === 0 ? added.data.cartId : undefined;
}, { what: 'the material orderable' });
const created = await store('/order/create', {
  token: buyer,
  body: { cartIds: [cartId], licence: { licenceType: 'commercial', buyerCompany: '上海光影传媒有限公司', projectType: 'advertising', projectName: '外滩夜景宣传片', brand: '光影', userCompany: '杭州使用方科技有限公司', purpose: '品牌广告投放', region: 'mainland', duration: '1y', contact: '王小明', phone: '13800000001', specialRequest: '' } },
});
assert.equal(created.code, 0, created.message);
const orderId = created.data.orderId;
const detail = await admin('GET', `/orders/${orderId}`, { token: sales });
const quoted = await admin('POST', `/orders/${orderId}/quote`, { token: sales, body: { items: detail.body.items.map((item) => ({ itemId: item.itemId, priceFen: 88_800 })), validUntil: new Date(Date.now() + 86_400_000).toISOString() } });
assert.ok(quoted.status < 300, JSON.stringify(quoted.body));
const form = new FormData();
form.set('id', orderId);
form.set('accountName', '上海光影传媒有限公司');
form.set('voucher', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex')], { type: 'image/png' }), 'voucher.png');
const paid = await store('/order/pay', { token: buyer, form });
assert.equal(paid.code, 0, paid.message);
const confirmed = await admin('POST', `/orders/${orderId}/confirm`, { token: finance });
assert.ok(confirmed.status < 300, JSON.stringify(confirmed.body));
step('ordered, paid and confirmed', { orderId });

const licence = await eventually(async () => {
  const listed = await store('/licence/list', { token: buyer, body: { orderId } });
  return listed.data?.find((view) => view.status === 'generated');
}, { what: 'the authorization file issued' });
const file = await store('/licence/file', { token: buyer, body: { licenceId: licence.licenceId } });
assert.equal(file.code, 0, file.message);
const pdf = Buffer.from(await (await follow(file.data.url)).arrayBuffer());
assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
const original = await store('/download/original', { token: buyer, body: { orderId, itemId: detail.body.items[0].itemId } });
assert.equal(original.code, 0, original.message);
const downloaded = Buffer.from(await (await follow(original.data.url)).arrayBuffer());
assert.ok(downloaded.equals(bytes), 'the buyer downloads exactly the clip the contributor uploaded');
step('licence and original downloaded', { pdfBytes: pdf.length, originalBytes: downloaded.length });
