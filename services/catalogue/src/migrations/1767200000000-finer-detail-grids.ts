import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'catalogue';

/**
 * Detail grids became 32x32 (1,024 bytes; they were 16x16, 256 bytes): at 16 the grids of two
 * pictures of one kind of scene were too alike to tell a buyer's picture from its neighbours.
 * Materials indexed with the old grid lose their frames and look, and the visual indexing job,
 * which indexes every published material without a look, computes them again from the media
 * (progress in its log). Pictures searched with before have an old grid too: they are aged past
 * the day they are kept, so the sweeper removes them with their stored copies, and their
 * searchers are told to search again.
 */
export class CatalogueFinerDetailGrids1767200000000 implements MigrationInterface {
  name = 'CatalogueFinerDetailGrids1767200000000';

  async up(runner: QueryRunner): Promise<void> {
    // The looks first, while the frames still say which materials had the old grid.
    const coarse = `SELECT material_id FROM "${S}"."material_frames" WHERE length(detail) <> 1024`;
    await runner.query(`DELETE FROM "${S}"."material_looks" WHERE material_id IN (${coarse})`);
    await runner.query(`DELETE FROM "${S}"."material_frames" WHERE material_id IN (${coarse})`);
    await runner.query(`UPDATE "${S}"."image_queries" SET created_at = created_at - interval '2 days' WHERE length(detail) <> 1024`);
  }

  async down(): Promise<void> {
    // Nothing to undo: the grids written since are the new size, and the old ones are not kept.
  }
}
