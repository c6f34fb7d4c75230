import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125181556 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_case_resolution" drop constraint if exists "platega_case_resolution_callback_event_id_unique";`);
    this.addSql(`create table if not exists "platega_case_resolution" ("id" text not null, "callback_event_id" text not null, "transaction_id" text not null, "action" text check ("action" in ('refunded', 'resolved')) not null, "note" text null, "actor_id" text null, "refund" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_case_resolution_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_case_resolution_callback_event_id_unique" ON "platega_case_resolution" ("callback_event_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_case_resolution_deleted_at" ON "platega_case_resolution" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_case_resolution_transaction_id" ON "platega_case_resolution" ("transaction_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_case_resolution" cascade;`);
  }

}
