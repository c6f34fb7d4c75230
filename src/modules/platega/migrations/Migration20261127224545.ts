import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127224545 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_payment_claim" drop constraint if exists "platega_payment_claim_key_unique";`);
    this.addSql(`create table if not exists "platega_payment_claim" ("id" text not null, "key" text not null, "payment_session_id" text not null, "refund_started_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_payment_claim_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_payment_claim_key_unique" ON "platega_payment_claim" ("key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payment_claim_deleted_at" ON "platega_payment_claim" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_payment_claim" cascade;`);
  }

}
