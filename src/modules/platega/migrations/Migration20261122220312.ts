import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122220312 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_payout" drop constraint if exists "platega_payout_idempotency_key_unique";`);
    this.addSql(`create table if not exists "platega_payout" ("id" text not null, "idempotency_key" text not null, "status" text check ("status" in ('pending', 'created', 'failed', 'unknown')) not null default 'pending', "amount" numeric not null, "currency_code" text not null default 'rub', "card_id" text null, "card_masked" text not null, "card_fingerprint" text null, "actor_id" text null, "actor_email" text null, "withdrawal_record_id" text null, "platega_status" text null, "amount_usdt_debited" numeric null, "error_code" text null, "error_message" text null, "error_trace_id" text null, "attempts" integer not null default 0, "checked_at" timestamptz null, "raw_amount" jsonb not null, "raw_amount_usdt_debited" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_payout_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_payout_idempotency_key_unique" ON "platega_payout" ("idempotency_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payout_deleted_at" ON "platega_payout" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payout_created_at" ON "platega_payout" ("created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payout_status" ON "platega_payout" ("status") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_payout" cascade;`);
  }

}
