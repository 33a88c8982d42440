import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startServer } from './harness.mjs';

// Driven by the OpenAPI document: every documented operation gets, in each path parameter, each
// documented query parameter and each field of its JSON body (one at a time, the rest left
// plausible), the values that once reached the database and failed there — NUL, unpaired
// surrogates, integers past int32 and past 2^53, wrong types, null, booleans, hex and exponent
// strings — as a visitor, a signed-in buyer and an admin. Any 5xx fails the test.

const BAD_VALUES = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['past int32', 2 ** 31],
  ['past int32 as text', String(2 ** 31)],
  ['past 2^53', 2 ** 53 + 2],
  ['past int64 as text', '9223372036854775808'],
  ['huge', 1e308],
  ['negative', -1],
  ['fraction', 1.5],
  ['null', null],
  ['true', true],
  ['hex', '0x10'],
  ['exponent', '1e3'],
  ['empty', ''],
  ['object', { a: 1 }],
  ['array', [1, 'x']],
];

/** Calls that would end the fuzzing identities' own sessions or are not the product's. */
const SKIPPED = [/^\/dev\//, /logout/i, /sign-?out/i, /\/auth\/login$/, /\/sessions\/(revoke|end)/i];

function resolve(doc, schema) {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    current = current.$ref.replace(/^#\//, '').split('/').reduce((node, key) => node?.[key], doc) ?? {};
  }
  return current;
}

/** A value the schema would likely accept, so that the field under test is what the call trips on. */
function plausible(doc, raw, depth = 0) {
  const schema = resolve(doc, raw);
  if (depth > 4) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return plausible(doc, choice.find((option) => resolve(doc, option).type !== 'null') ?? choice[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [plausible(doc, schema.items, depth + 1)];
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, plausible(doc, child, depth + 1)]));
    }
  }
}

/** Where a bad value can go in a body: every field, nested fields and the first item of lists. */
function fieldPaths(value, prefix = [], depth = 0) {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const paths = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...prefix, key];
    paths.push(path);
    paths.push(...fieldPaths(child, path, depth + 1));
  }
  return paths;
}

function withValue(body, path, value) {
  const copy = structuredClone(body);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)] = value;
  return copy;
}

function operationsOf(doc) {
  const operations = [];
  for (const [rawPath, item] of Object.entries(doc.paths)) {
    if (SKIPPED.some((pattern) => pattern.test(rawPath))) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolve(doc, parameter));
      const jsonSchema = operation.requestBody ? resolve(doc, resolve(doc, operation.requestBody).content?.['application/json']?.schema) : undefined;
      operations.push({
        method: method.toUpperCase(),
        rawPath,
        pathNames: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryNames: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        body: jsonSchema ? plausible(doc, jsonSchema) : method === 'get' || method === 'delete' ? undefined : {},
      });
    }
  }
  return operations;
}

/**
 * Percent-encodes for a URL as a raw client would send it: an unpaired surrogate, which
 * encodeURIComponent refuses (and URLSearchParams silently replaces), goes out as its three bytes.
 */
function encodePart(text) {
  return text.replace(/\p{Cs}|[^\p{Cs}]+/gu, (chunk) => {
    if (!/^\p{Cs}$/u.test(chunk)) return encodeURIComponent(chunk);
    const unit = chunk.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });
}

/** Runs the requests a few at a time: the server is local and each answer is small. */
async function inParallel(tasks, width) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const task = tasks[next];
        next += 1;
        await task();
      }
    }),
  );
}

describe('fuzzing every documented operation with the values that once answered 500', () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('answers every request below 500, as a visitor, a buyer and an admin', async () => {
    const base = server.url;
    const doc = await (await fetch(`${base}/api/docs/openapi.json`)).json();
    const json = (path, body) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    await json('/api/user/code/send', { account: '13800000007' });
    const login = await json('/api/user/login', { account: '13800000007', code: await server.mailboxCode('13800000007') });
    const staff = await json('/admin-api/auth/login', { username: 'admin', password: 'admin12345' });
    assert.ok(login.data?.token && staff.token, 'both fuzzing identities signed in');
    const roles = { visitor: {}, buyer: { access_token: login.data.token }, admin: { authorization: `Bearer ${staff.token}` } };

    const operations = operationsOf(doc);
    const requests = [];
    for (const operation of operations) {
      const fill = (overrides = {}) =>
        operation.rawPath.replace(/\{([^}]+)\}/g, (_, name) => encodePart(String(name in overrides ? overrides[name] : '1')));
      const variants = [];
      for (const name of operation.pathNames) for (const [label, value] of BAD_VALUES) variants.push({ label: `path ${name}: ${label}`, path: fill({ [name]: typeof value === 'object' && value !== null ? JSON.stringify(value) : value }), body: operation.body });
      for (const name of operation.queryNames) {
        for (const [label, value] of BAD_VALUES) {
          const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
          variants.push({ label: `query ${name}: ${label}`, path: `${fill()}?${encodePart(name)}=${encodePart(text)}`, body: operation.body });
        }
      }
      if (operation.body && typeof operation.body === 'object') {
        for (const field of fieldPaths(operation.body)) for (const [label, value] of BAD_VALUES) variants.push({ label: `body ${field.join('.')}: ${label}`, path: fill(), body: withValue(operation.body, field, value) });
        for (const [label, value] of BAD_VALUES) variants.push({ label: `whole body: ${label}`, path: fill(), body: value });
      }
      for (const variant of variants) {
        for (const [role, auth] of Object.entries(roles)) {
          requests.push({ ...variant, role, method: operation.method, auth });
        }
      }
    }

    const failures = [];
    const statuses = new Map();
    await inParallel(
      requests.map((request) => async () => {
        const init = { method: request.method, headers: { 'accept-language': 'en', ...request.auth } };
        if (request.body !== undefined && request.method !== 'GET') {
          init.headers['content-type'] = 'application/json';
          init.body = JSON.stringify(request.body);
        }
        let status;
        try {
          const reply = await fetch(`${base}${request.path}`, init);
          status = reply.status;
          const text = await reply.text();
          if (status >= 500) failures.push({ value: request.label.split(': ').at(-1), text: `${status} ${request.method} ${request.path} as ${request.role}, ${request.label}: ${text.slice(0, 160)}` });
        } catch (error) {
          status = 0;
          failures.push({ value: 'no answer', text: `no answer ${request.method} ${request.path} as ${request.role}, ${request.label}: ${error.message}` });
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
      4,
    );

    console.log(`fuzzed ${operations.length} operations with ${requests.length} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    assert.ok(operations.length > 100, `the document lists ${operations.length} operations`);
    assert.ok(requests.length > 5000, `sent ${requests.length} requests`);
    const byValue = {};
    for (const failure of failures) byValue[failure.value] = (byValue[failure.value] ?? 0) + 1;
    assert.deepEqual(
      failures.slice(0, 40).map((failure) => failure.text),
      [],
      `${failures.length} requests answered 5xx or not at all, by value sent: ${JSON.stringify(byValue)}`,
    );
  });
});
