import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125181719 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_reread_budget" drop constraint if exists "platega_reread_budget_key_unique";`);
    this.addSql(`create table if not exists "platega_reread_budget" ("id" text not null, "key" text not null, "window_start" timestamptz not null, "used" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_reread_budget_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_reread_budget_key_unique" ON "platega_reread_budget" ("key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_reread_budget_deleted_at" ON "platega_reread_budget" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "platega_callback_event" add column if not exists "authenticated" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_reread_budget" cascade;`);

    this.addSql(`alter table if exists "platega_callback_event" drop column if exists "authenticated";`);
  }

}
