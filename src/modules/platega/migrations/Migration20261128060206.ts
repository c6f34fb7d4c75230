import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128060206 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop table if exists "platega_recent_read" cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create table if not exists "platega_recent_read" ("id" text not null, "key" text not null, "status" text null, "final" boolean not null default false, "body" jsonb null, "read_at" timestamptz null, "claimed_until" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_recent_read_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_recent_read_key_unique" ON "platega_recent_read" ("key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_recent_read_deleted_at" ON "platega_recent_read" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

}
