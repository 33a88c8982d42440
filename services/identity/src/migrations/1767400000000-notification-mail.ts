import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications by mail: a new line is due for mailing a few minutes after it arrives
 * (`mail_due_at`), unless read by then; the mailer picks due lines by the partial index. An
 * account may turn the mails off (`notification_mail`).
 */
export class NotificationMail1767400000000 implements MigrationInterface {
  name = 'NotificationMail1767400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."notifications" ADD COLUMN IF NOT EXISTS "mail_due_at" timestamptz`);
    await runner.query(`ALTER TABLE "identity"."notifications" ADD COLUMN IF NOT EXISTS "mailed_at" timestamptz`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "notifications_mail_due_idx" ON "identity"."notifications" ("mail_due_at") WHERE "mail_due_at" IS NOT NULL`);
    await runner.query(`ALTER TABLE "identity"."users" ADD COLUMN IF NOT EXISTS "notification_mail" boolean NOT NULL DEFAULT true`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "identity"."users" DROP COLUMN IF EXISTS "notification_mail"`);
    await runner.query(`DROP INDEX IF EXISTS "identity"."notifications_mail_due_idx"`);
    await runner.query(`ALTER TABLE "identity"."notifications" DROP COLUMN IF EXISTS "mailed_at"`);
    await runner.query(`ALTER TABLE "identity"."notifications" DROP COLUMN IF EXISTS "mail_due_at"`);
  }
}
