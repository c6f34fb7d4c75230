import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122082120 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_callback_event" drop constraint if exists "platega_callback_event_event_key_unique";`);
    this.addSql(`create table if not exists "platega_callback_event" ("id" text not null, "event_key" text not null, "kind" text check ("kind" in ('transaction', 'subscription_charge', 'subscription_status')) not null, "platega_id" text not null, "status" text not null, "body" jsonb not null, "deliveries" integer not null default 1, "outcome" text not null default 'pending', "detail" text null, "attempts" integer not null default 0, "processed_at" timestamptz null, "session_id" text null, "order_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_callback_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_callback_event_event_key_unique" ON "platega_callback_event" ("event_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_callback_event_deleted_at" ON "platega_callback_event" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_callback_event_outcome_created_at" ON "platega_callback_event" ("outcome", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_callback_event_platega_id" ON "platega_callback_event" ("platega_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_callback_event" cascade;`);
  }

}
