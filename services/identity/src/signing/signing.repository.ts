import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { PhotographerProfileEntity } from '../entities/photographer-profile.entity.js';
import { SigningApplicationEntity } from '../entities/signing-application.entity.js';
import { SigningFileEntity } from '../entities/signing-file.entity.js';

/** The queries of signing applications, their images, the files behind them and photographer profiles. */
@Injectable()
export class SigningRepository {
  /** A person's current state: their latest application, or none. */
  latest(manager: EntityManager, userId: string): Promise<SigningApplicationEntity | null> {
    return manager.getRepository(SigningApplicationEntity).findOne({ where: { userId }, order: { submittedAt: 'DESC', id: 'DESC' } });
  }

  listForUser(manager: EntityManager, userId: string): Promise<SigningApplicationEntity[]> {
    return manager.getRepository(SigningApplicationEntity).find({ where: { userId }, order: { submittedAt: 'DESC', id: 'DESC' } });
  }

  /** An application of this person; another person's is not found, like a made-up one. */
  findOwned(manager: EntityManager, userId: string, id: string): Promise<SigningApplicationEntity | null> {
    return manager.getRepository(SigningApplicationEntity).findOneBy({ id, userId });
  }

  find(manager: EntityManager, id: string, lock = false): Promise<SigningApplicationEntity | null> {
    return manager.getRepository(SigningApplicationEntity).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  async insert(manager: EntityManager, application: Omit<SigningApplicationEntity, 'id'>, imageIds: string[]): Promise<SigningApplicationEntity> {
    const saved = await manager.getRepository(SigningApplicationEntity).save(manager.getRepository(SigningApplicationEntity).create(application));
    await manager.query(
      `INSERT INTO identity.signing_application_images (application_id, position, file_id) SELECT $1, t.position - 1, t.file_id FROM unnest($2::uuid[]) WITH ORDINALITY AS t(file_id, position)`,
      [saved.id, imageIds],
    );
    return saved;
  }

  async imageCounts(manager: EntityManager, applicationIds: string[]): Promise<Map<string, number>> {
    if (applicationIds.length === 0) return new Map();
    const rows: { application_id: string; count: number }[] = await manager.query(
      `SELECT application_id, count(*)::int AS count FROM identity.signing_application_images WHERE application_id = ANY($1::uuid[]) GROUP BY application_id`,
      [applicationIds],
    );
    return new Map(rows.map((row) => [row.application_id, row.count]));
  }

  /** An application's images in the applicant's order. */
  async images(manager: EntityManager, applicationId: string): Promise<SigningFileEntity[]> {
    const rows: { file_id: string }[] = await manager.query(
      `SELECT file_id FROM identity.signing_application_images WHERE application_id = $1 ORDER BY position`,
      [applicationId],
    );
    const files = await manager.getRepository(SigningFileEntity).findBy({ id: In(rows.map((row) => row.file_id)) });
    const byId = new Map(files.map((file) => [file.id, file]));
    return rows.map((row) => byId.get(row.file_id)).filter((file): file is SigningFileEntity => file !== undefined);
  }

  filesOf(manager: EntityManager, userId: string, ids: string[]): Promise<SigningFileEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager.getRepository(SigningFileEntity).findBy({ userId, id: In(ids) });
  }

  /** Files a person uploaded since `since` that no application or profile uses yet. */
  async openFileCount(manager: EntityManager, userId: string, since: Date): Promise<number> {
    const [row]: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM identity.signing_files f
        WHERE f.user_id = $1 AND f.created_at >= $2
          AND NOT EXISTS (SELECT 1 FROM identity.signing_application_images i WHERE i.file_id = f.id)
          AND NOT EXISTS (SELECT 1 FROM identity.photographer_profiles p WHERE p.resume_file_id = f.id)`,
      [userId, since],
    );
    return row?.count ?? 0;
  }

  profile(manager: EntityManager, userId: string): Promise<PhotographerProfileEntity | null> {
    return manager.getRepository(PhotographerProfileEntity).findOneBy({ userId });
  }

  async saveProfile(manager: EntityManager, profile: PhotographerProfileEntity): Promise<void> {
    await manager.getRepository(PhotographerProfileEntity).upsert(profile, ['userId']);
  }

  async nicknames(manager: EntityManager, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows: { id: string; nickname: string }[] = await manager.query(`SELECT id, nickname FROM identity.users WHERE id = ANY($1::uuid[])`, [[...new Set(userIds)]]);
    return new Map(rows.map((row) => [row.id, row.nickname]));
  }
}
