import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122221141 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "platega_export" ("id" text not null, "status" text check ("status" in ('queued', 'running', 'done', 'failed')) not null default 'queued', "format" text check ("format" in ('json', 'csv', 'xlsx')) not null, "filters" jsonb not null, "created_by" text null, "row_count" integer not null default 0, "file_key" text null, "file_name" text null, "file_size" integer null, "error" jsonb null, "started_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_export_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_export_deleted_at" ON "platega_export" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_export_created_at" ON "platega_export" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_export" cascade;`);
  }

}
