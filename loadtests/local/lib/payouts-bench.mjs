// Payouts section of `npm run bench`: producing the quarterly statements of a closed quarter for
// BENCH_PAYOUT_CONTRIBUTORS contributors holding BENCH_PAYOUT_LINES ledger entries between them,
// through the console call finance uses (POST /admin-api/statements/generate), with the time it
// takes, the server's peak memory (VmHWM) and the statements and lines it produced. A second run
// of the same quarter is timed too: it must produce nothing.
//
// The ledger is filled straight in the server's embedded database (the entries a year of confirmed
// sales would have left), spread over the contributors and over 2025 Q1 in UTC+8.

import { readFileSync } from 'node:fs';
import pg from 'pg';
import { callJson } from './http.mjs';

/** @param {number} pid */
function peakRssBytes(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : null;
}

/**
 * @param {{ baseUrl: string, databaseUrl: string, pid: number, contributors: number, lines: number, progress: (message: string) => void }} options
 */
export async function measurePayouts({ baseUrl, databaseUrl, pid, contributors, lines, progress }) {
  // One connection: the helper function lives in that session's temporary schema.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    progress(`payouts: ${lines.toLocaleString('en-US')} ledger entries for ${contributors.toLocaleString('en-US')} contributors`);
    // Contributor ids are version-4 uuids derived from their number (events check the version), so
    // every entry of one contributor shares it.
    await pool.query(
      `CREATE FUNCTION pg_temp.bench_uuid(seed text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
         SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid FROM md5(seed) AS h
       $$`,
    );
    await pool.query(
      `INSERT INTO payouts.ledger ("contributor_id", "entry_type", "order_id", "order_no", "item_id", "material_id", "code", "kind", "title_zh", "title_en",
         "licence_type", "sold_at", "amount_fen", "share_percent", "earning_fen")
       SELECT pg_temp.bench_uuid('contributor-' || (n % $2)), 'sale', pg_temp.bench_uuid('order-' || n), 'B' || n, 1, 800000000 + n, 'B' || n, 'video', '基准素材 ' || n, 'Bench material ' || n,
         'commercial', timestamptz '2024-12-31 16:00:00+00' + (n % 7776000) * interval '1 second', 10000 + (n % 90000), 50, (10000 + (n % 90000)) / 2
       FROM generate_series(1, $1) AS n`,
      [lines, contributors],
    );
    // Vacuumed as a ledger that grew over time would be: left to autovacuum, a million fresh rows
    // get their vacuum in the middle of the measured run.
    await pool.query('VACUUM (ANALYZE) payouts.ledger');
  } finally {
    await pool.end();
  }
  const login = await callJson(`${baseUrl}/admin-api/auth/login`, { method: 'POST', body: { username: 'finance', password: 'finance12345' } });
  if (login.status !== 200) throw new Error(`finance login answered ${login.status}`);
  const headers = { authorization: `Bearer ${login.json.token}` };
  const rssBefore = peakRssBytes(pid);
  const run = async () => {
    const started = performance.now();
    const answer = await callJson(`${baseUrl}/admin-api/statements/generate`, { method: 'POST', headers, body: { year: 2025, quarter: 1 }, timeoutMs: 1_800_000 });
    if (answer.status !== 200) throw new Error(`generate answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return { ms: performance.now() - started, created: answer.json.created };
  };
  progress('payouts: generating the statements of 2025 Q1');
  const first = await run();
  const peakRss = peakRssBytes(pid);
  progress('payouts: running the same quarter again');
  const second = await run();
  return { contributors, lines, first, second, rssBeforeBytes: rssBefore, peakRssBytes: peakRss };
}
