import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122221930_JobRuns extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_job_run" drop constraint if exists "platega_job_run_job_tick_unique";`);
    this.addSql(`create table if not exists "platega_job_run" ("id" text not null, "job" text not null, "tick" timestamptz not null, "status" text check ("status" in ('running', 'succeeded', 'failed', 'skipped')) not null, "detail" text null, "result" jsonb null, "instance" text not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_job_run_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_job_run_deleted_at" ON "platega_job_run" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_job_run_job_tick_unique" ON "platega_job_run" ("job", "tick") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_job_run" cascade;`);
  }

}
