// Signed-in session check under a steady request rate: what every page of the store calls first.
//
//   k6 run -e BASE_URL=https://staging.lumenstock.cn -e TOKEN=<access token> loadtests/k6/session.js
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e RATE=200 -e DURATION=2m loadtests/k6/session.js
//
// Environment:
//   BASE_URL   the site (default http://127.0.0.1:8080)
//   RATE       POST /api/session per second (default 50), DURATION (default 1m)
//   TOKEN      an access token to use as is; otherwise the script signs in with ACCOUNT:
//   ACCOUNT    phone or e-mail to sign in with (default 13800009999; a production server with the
//              SMTP notifier accepts e-mail accounts only)
//   CODE       the verification code, when there is no dev mailbox (production mode): request it
//              first, read it where it was delivered, then run with -e CODE=...; without CODE the
//              code is read from GET /dev/mailbox, which only non-production servers have.
//   P95_MS     the p95 threshold in milliseconds (default 50)
/* global __ENV */ // k6 passes -e NAME=value here
import http from 'k6/http';
import { check, fail } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const RATE = Number(__ENV.RATE || 50);
const DURATION = __ENV.DURATION || '1m';
const ACCOUNT = __ENV.ACCOUNT || '13800009999';
const P95_MS = Number(__ENV.P95_MS || 50);

export const options = {
  scenarios: {
    session: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(10, Math.ceil(RATE / 10)),
      maxVUs: Math.max(50, RATE * 2),
    },
  },
  thresholds: {
    'http_req_duration{call:session}': [`p(95)<${P95_MS}`],
    'http_req_failed{call:session}': ['rate<0.01'],
    'checks{call:session}': ['rate>0.99'],
    // k6 drops iterations it cannot start in time: the server (or this load generator) is saturated.
    dropped_iterations: ['count<1'],
  },
};

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Fails the run with the call's answer unless it is a success envelope ({ code: 0 }). */
function expectSuccess(response, call) {
  let body;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  if (response.status < 200 || response.status > 299 || !body || body.code !== 0) {
    fail(`${call} answered ${response.status}: ${String(response.body).slice(0, 300)}`);
  }
  return body;
}

export function setup() {
  if (__ENV.TOKEN) return { token: __ENV.TOKEN };
  let code = __ENV.CODE;
  if (!code) {
    expectSuccess(
      http.post(`${BASE_URL}/api/user/code/send`, JSON.stringify({ account: ACCOUNT }), { headers: JSON_HEADERS, tags: { call: 'sign-in' } }),
      'POST /api/user/code/send',
    );
    const mailbox = http.get(`${BASE_URL}/dev/mailbox?to=${encodeURIComponent(ACCOUNT)}`, { tags: { call: 'sign-in' } });
    if (mailbox.status !== 200) {
      fail(`no dev mailbox at ${BASE_URL} (status ${mailbox.status}): run with -e TOKEN=... or -e CODE=...`);
    }
    code = mailbox.json('messages.0.code');
    if (!code) fail(`the dev mailbox has no code for ${ACCOUNT}`);
  }
  const login = expectSuccess(
    http.post(`${BASE_URL}/api/user/login`, JSON.stringify({ account: ACCOUNT, code: String(code) }), { headers: JSON_HEADERS, tags: { call: 'sign-in' } }),
    'POST /api/user/login',
  );
  return { token: login.data.token };
}

export default function (data) {
  const response = http.post(`${BASE_URL}/api/session`, '{}', {
    headers: { ...JSON_HEADERS, access_token: data.token },
    tags: { call: 'session' },
  });
  check(
    response,
    {
      'status is 200': (r) => r.status === 200,
      'envelope code is 0': (r) => {
        try {
          return r.json('code') === 0;
        } catch {
          return false;
        }
      },
    },
    { call: 'session' },
  );
}
