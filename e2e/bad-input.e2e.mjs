import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from './harness.mjs';

// Every POST/PUT and GET the OpenAPI document lists, given malformed JSON, wrong shapes and types,
// out-of-range numbers, SQL fragments, path traversal and broken console list parameters, as a
// visitor, a signed-in contributor and an admin: each answers, and none with a 5xx.
describe('bad input across every documented call', () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('never answers 5xx', async () => {
    const base = server.url;
    const doc = await (await fetch(`${base}/api/docs/openapi.json`)).json();
    await fetch(`${base}/api/user/code/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: '13800000003' }) });
    const code = await server.mailboxCode('13800000003');
    const login = await (await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: '13800000003', code }) })).json();
    const userToken = login.data.token;
    const staff = await (await fetch(`${base}/admin-api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) })).json();
    const bodies = ['{not json', '[]', '"x"', 'null', '{}', JSON.stringify({ id: 'abc', orderId: 'nope', materialId: -1, musicId: 'x', pageNo: -1, pageSize: 100000, keyword: 'x'.repeat(10000), itemId: {}, cartIds: 'a', licence: [], filters: { resolution: ['16k'] }, code: "' OR 1=1 --", status: 'gone', decision: 'maybe', items: [{ itemId: -1, priceFen: 1.5 }] })];
    const fails = [];
    let calls = 0;
    for (const [rawPath, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        if (!['post', 'put'].includes(method)) continue;
        const path = rawPath.replace(/\{[^}]+\}/g, '99999');
        if (path.startsWith('/dev/') || path.includes('/auth/login')) continue;
        for (const body of bodies) for (const auth of ['none', 'user', 'staff']) {
          const headers = { 'content-type': 'application/json', 'accept-language': 'en' };
          if (auth === 'user') headers.access_token = userToken;
          if (auth === 'staff') headers.authorization = `Bearer ${staff.token}`;
          const r = await fetch(`${base}${path}`, { method: method.toUpperCase(), headers, body });
          calls += 1;
          if (r.status >= 500) fails.push(`${r.status} ${method} ${path} ${auth} ${body.slice(0, 40)} ${(await r.text()).slice(0, 160)}`);
        }
      }
    }
    for (const [rawPath, ops] of Object.entries(doc.paths)) {
      if (!ops.get || rawPath.startsWith('/dev/')) continue;
      for (const id of ['abc', '-1', '1e99', '%00', '..%2F..%2Fetc']) {
        const path = rawPath.replace(/\{[^}]+\}/g, id);
        for (const query of ['', '?filter=%7Bbad&range=%5B0', '?filter=' + encodeURIComponent(JSON.stringify({ status: 'x', q: "'" })) + '&sort=' + encodeURIComponent('["nope","SIDEWAYS"]') + '&range=' + encodeURIComponent('[-5,1e9]')]) {
          for (const auth of ['none', 'user', 'staff']) {
            const headers = { 'accept-language': 'en' };
            if (auth === 'user') headers.access_token = userToken;
            if (auth === 'staff') headers.authorization = `Bearer ${staff.token}`;
            const r = await fetch(`${base}${path}${query}`, { headers });
            calls += 1;
            if (r.status >= 500) fails.push(`${r.status} GET ${path}${query} ${auth} ${(await r.text()).slice(0, 160)}`);
          }
        }
      }
    }

    assert.ok(calls > 1000, `swept ${calls} calls`);
    assert.deepEqual(fails, []);
  });
});
