// Judging section of `npm run bench`: BENCH_JUDGES judges scoring BENCH_JUDGING_ENTRIES entries at
// once through the judge portal's call (POST /api/judge/score, each judge with their own key, one
// score after another as a person clicks), every entry scored once by one judge, then the results
// computation the contest manager starts (POST /admin-api/contests/:id/publish-results).
//
// The contest and the judges are made through the console API; the entries are written straight
// into the server's embedded database (what the submission phase would have left), half in a video
// track and half in a photo track, since the benchmark measures judging, not uploads.

import pg from 'pg';
import { callJson, keepAliveClient } from './http.mjs';
import { summarize } from './stats.mjs';

const DAY = 86_400_000;

/**
 * Six phases with the review open now (or, with `ended`, over).
 * @param {boolean} ended
 */
function phases(ended) {
  const now = Date.now();
  const at = (/** @type {number} */ days) => new Date(now + days * DAY).toISOString();
  return {
    submission: { startsAt: at(-30), endsAt: at(-5) },
    review: { startsAt: at(-5), endsAt: ended ? at(-1) : at(10) },
    announcement: { startsAt: at(11), endsAt: at(12) },
    publicity: { startsAt: at(13), endsAt: at(14) },
    ceremony: { startsAt: at(15), endsAt: at(16) },
    exhibition: { startsAt: at(17), endsAt: at(30) },
  };
}

/**
 * @param {{ baseUrl: string, databaseUrl: string, judges: number, entries: number, progress: (message: string) => void }} options
 */
export async function measureJudging({ baseUrl, databaseUrl, judges, entries, progress }) {
  const login = await callJson(`${baseUrl}/admin-api/auth/login`, { method: 'POST', body: { username: 'contest', password: 'contest12345' } });
  if (login.status !== 200) throw new Error(`contest manager login answered ${login.status}`);
  const headers = { authorization: `Bearer ${login.json.token}` };
  const setup = (/** @type {boolean} */ ended, /** @type {number[]} */ trackIds = []) => ({
    titleZh: '评审基准赛',
    titleEn: 'Judging benchmark',
    maxScore: 100,
    pointsPool: 1_000_000,
    phases: phases(ended),
    tracks: [
      { id: trackIds[0], kind: 'video', titleZh: '视频', titleEn: 'Video' },
      { id: trackIds[1], kind: 'photo', titleZh: '组图', titleEn: 'Photos' },
    ],
    prizes: [0, 1].flatMap((trackIndex) => [1, 2, 3].map((place) => ({ trackIndex, place, winners: place, titleZh: `${place} 等奖`, titleEn: `Place ${place}`, cashFen: 100_000 * (4 - place) }))),
  });
  const created = await callJson(`${baseUrl}/admin-api/contests`, { method: 'POST', headers, body: setup(false) });
  if (created.status !== 201) throw new Error(`contest setup answered ${created.status}: ${created.text.slice(0, 300)}`);
  const contestId = created.json.id;
  const trackIds = created.json.tracks.map((/** @type {{ id: number }} */ track) => track.id);

  progress(`judging: ${entries.toLocaleString('en-US')} entries, ${judges} judges`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(
      `INSERT INTO contests.entries (contest_id, track_id, user_id, kind, title, signature, location, intro, equipment, age, gender, owner_flag, student_flag, status, submitted_at)
       SELECT $1::int, CASE WHEN n % 2 = 0 THEN $2::int ELSE $3::int END,
              (substr(md5('participant-' || (n % 2000)), 1, 8) || '-' || substr(md5('participant-' || (n % 2000)), 9, 4) || '-4' || substr(md5('participant-' || (n % 2000)), 14, 3) || '-8' || substr(md5('participant-' || (n % 2000)), 18, 3) || '-' || substr(md5('participant-' || (n % 2000)), 21, 12))::uuid,
              CASE WHEN n % 2 = 0 THEN 'video' ELSE 'photo' END, 'Entry ' || n, 'Bench', 'Shanghai', 'A benchmark entry', 'Camera', 30, 'other', n % 10 = 0, n % 15 = 0, 'submitted',
              now() - interval '10 days' + n * interval '1 second'
         FROM generate_series(1, $4::int) AS n`,
      [contestId, trackIds[0], trackIds[1], entries],
    );
    // Vacuumed now rather than by autovacuum during the scoring (see payouts-bench.mjs).
    await pool.query('VACUUM (ANALYZE) contests.entries');
    const ids = (await pool.query(`SELECT id FROM contests.entries WHERE contest_id = $1 ORDER BY id`, [contestId])).rows.map((row) => row.id);

    /** @type {string[]} */
    const keys = [];
    for (let i = 0; i < judges; i++) {
      const judge = await callJson(`${baseUrl}/admin-api/contest-judges`, { method: 'POST', headers, body: { contestId, name: `Judge ${i + 1}`, trackIds } });
      if (judge.status !== 201) throw new Error(`judge creation answered ${judge.status}`);
      keys.push(judge.json.key);
    }

    progress(`judging: ${judges} judges scoring at once`);
    /** @type {number[]} */
    const latencies = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      keys.map(async (key, judgeIndex) => {
        const client = keepAliveClient();
        try {
          for (let i = judgeIndex; i < ids.length; i += judges) {
            const begin = performance.now();
            const answer = await client.postJson(`${baseUrl}/api/judge/score`, { key, entryId: ids[i], score: 1 + ((i * 37) % 100) });
            latencies.push(performance.now() - begin);
            if (answer.status !== 200) failures += 1;
          }
        } finally {
          client.close();
        }
      }),
    );
    const wallMs = performance.now() - started;
    const scored = (await pool.query(`SELECT count(*)::int AS n FROM contests.scores s JOIN contests.entries e ON e.id = s.entry_id WHERE e.contest_id = $1`, [contestId])).rows[0].n;

    progress('judging: review closed, publishing the results');
    const closed = await callJson(`${baseUrl}/admin-api/contests/${contestId}`, { method: 'PUT', headers, body: setup(true, trackIds) });
    if (closed.status !== 200) throw new Error(`closing the review answered ${closed.status}: ${closed.text.slice(0, 300)}`);
    const publishStarted = performance.now();
    const published = await callJson(`${baseUrl}/admin-api/contests/${contestId}/publish-results`, { method: 'POST', headers, timeoutMs: 600_000 });
    const publishMs = performance.now() - publishStarted;
    if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${published.text.slice(0, 300)}`);

    return {
      judges,
      entries,
      scoreMs: summarize(latencies),
      scoresPerSecond: latencies.length / (wallMs / 1000),
      failures,
      scored,
      publishMs,
      published: published.json,
    };
  } finally {
    await pool.end();
  }
}
