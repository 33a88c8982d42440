// Boards section of `npm run bench`: BENCH_BOARDS boards of 500 items with 200 comments and
// votes each (written straight into the server's embedded database, as months of use would leave
// them), then each board's first page opened once by its owner (POST /api/board/detail) and once
// by a guest through its link (POST /api/board-share/open), 8 clients at a time: every request
// opens a board no request opened before, and the server's read cache is off.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { assertLoopback } from './loopback.mjs';
import { keepAliveClient } from './http.mjs';
import { summarize } from './stats.mjs';

export const BOARD_TARGETS = { openP95Ms: 50, clients: 8, items: 500, comments: 200 };

/**
 * @param {{ baseUrl: string, databaseUrl: string, boards: number, ownerToken: string, ownerAccount: string, progress: (message: string) => void }} options
 */
export async function measureBoards({ baseUrl, databaseUrl, boards, ownerToken, ownerAccount, progress }) {
  assertLoopback(baseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const { rows: [owner] } = await pool.query(`SELECT id FROM identity.users WHERE phone = $1`, [ownerAccount]);
    if (!owner) throw new Error(`no account ${ownerAccount}`);
    const { rows: [{ published }] } = await pool.query(`SELECT count(*)::int AS published FROM catalogue.materials WHERE status = 'published'`);
    if (published < BOARD_TARGETS.items) throw new Error(`${published} published materials: a board of ${BOARD_TARGETS.items} needs more`);
    progress(`boards: writing ${boards} boards of ${BOARD_TARGETS.items} items and ${BOARD_TARGETS.comments} comments`);
    const started = performance.now();
    const { rows: made } = await pool.query(
      `INSERT INTO catalogue.boards (owner_id, name, created_at, updated_at)
       SELECT $1, 'Bench board ' || n, now() - n * interval '1 minute', now() - n * interval '1 minute' FROM generate_series(1, $2::int) n RETURNING id`,
      [owner.id, boards],
    );
    const boardIds = made.map((row) => Number(row.id));
    // Each board its own 500 materials (a different order of the catalogue per board).
    await pool.query(
      `INSERT INTO catalogue.board_items (board_id, material_id, position, note, added_by, added_at)
       SELECT b.id, m.id, m.rank - 1, CASE WHEN m.rank % 5 = 0 THEN 'Note ' || m.rank ELSE '' END, $2, now()
         FROM unnest($1::bigint[]) AS b (id)
         CROSS JOIN LATERAL (SELECT id, row_number() OVER (ORDER BY hashint8(id + b.id * 7919)) AS rank
                               FROM catalogue.materials WHERE status = 'published' ORDER BY hashint8(id + b.id * 7919) LIMIT $3) m`,
      [boardIds, owner.id, BOARD_TARGETS.items],
    );
    // Comments and votes spread over each board's items, most on the first ones (what is discussed).
    await pool.query(
      `INSERT INTO catalogue.board_comments (item_id, guest_name, body, created_at)
       SELECT i.id, 'Guest ' || (c % 7), 'Comment ' || c || ' on this clip', now() - c * interval '1 second'
         FROM unnest($1::bigint[]) AS b (id)
         CROSS JOIN generate_series(1, $2::int) c
         JOIN catalogue.board_items i ON i.board_id = b.id AND i.position = (c * c) % 60`,
      [boardIds, BOARD_TARGETS.comments],
    );
    await pool.query(
      `INSERT INTO catalogue.board_votes (item_id, voter, value, voted_at)
       SELECT i.id, 'guest:0:' || v, CASE WHEN v % 4 = 0 THEN -1 ELSE 1 END, now()
         FROM catalogue.board_items i CROSS JOIN generate_series(1, 3) v
        WHERE i.board_id = ANY($1::bigint[]) AND i.position < 100`,
      [boardIds],
    );
    const tokens = boardIds.map(() => randomBytes(24).toString('base64url'));
    await pool.query(
      `INSERT INTO catalogue.board_links (board_id, token, created_at) SELECT u.board_id, u.token, now() FROM unnest($1::bigint[], $2::varchar[]) AS u (board_id, token)`,
      [boardIds, tokens],
    );
    await pool.query('VACUUM (ANALYZE) catalogue.boards, catalogue.board_items, catalogue.board_comments, catalogue.board_votes, catalogue.board_links');
    const writeMs = performance.now() - started;
    const { rows: [counts] } = await pool.query(
      `SELECT (SELECT count(*) FROM catalogue.board_items WHERE board_id = $1)::int AS items, (SELECT count(*) FROM catalogue.board_comments c JOIN catalogue.board_items i ON i.id = c.item_id WHERE i.board_id = $1)::int AS comments`,
      [boardIds[0]],
    );

    progress(`boards: opening ${boards} boards as their owner, then as guests, ${BOARD_TARGETS.clients} clients`);
    const owned = await openEach({ baseUrl, path: '/api/board/detail', bodies: boardIds.map((id) => ({ id, pageNo: 1, pageSize: 24 })), headers: () => ({ access_token: ownerToken }) });
    // Guests from their own addresses (through the trusted proxy), as the per-address limit wants.
    const guests = await openEach({
      baseUrl,
      path: '/api/board-share/open',
      bodies: tokens.map((token, i) => ({ token, pageNo: 1, pageSize: 24, voterKey: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` })),
      headers: (i) => ({ 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` }),
    });
    return { boards, items: counts.items, comments: counts.comments, writeMs, clients: BOARD_TARGETS.clients, owner: owned, guest: guests };
  } finally {
    await pool.end();
  }
}

/**
 * Each body sent once to `path`, BOARD_TARGETS.clients at a time, each client on its own kept-alive connection.
 * @param {{ baseUrl: string, path: string, bodies: object[], headers: (i: number) => Record<string, string> }} options
 */
async function openEach({ baseUrl, path, bodies, headers }) {
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BOARD_TARGETS.clients }, async () => {
      const client = keepAliveClient();
      try {
        for (let i = next++; i < bodies.length; i = next++) {
          const t = performance.now();
          const answer = await client.postJson(`${baseUrl}${path}`, bodies[i], 30_000, { 'accept-language': i % 2 ? 'en' : 'zh-CN', ...headers(i) });
          if (answer.status !== 200 || answer.json?.code !== 0 || (answer.json.data?.items?.length ?? 0) === 0) errors += 1;
          else latencies.push(performance.now() - t);
        }
      } finally {
        client.close();
      }
    }),
  );
  return { requests: latencies.length, errors, rps: latencies.length / ((performance.now() - started) / 1000), latencyMs: summarize(latencies) };
}
