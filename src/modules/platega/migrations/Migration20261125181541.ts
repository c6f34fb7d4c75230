import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125181541 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_payment_link" drop constraint if exists "platega_payment_link_transaction_id_unique";`);
    this.addSql(`create table if not exists "platega_payment_link" ("id" text not null, "payment_collection_id" text not null, "order_id" text null, "transaction_id" text not null, "url" text not null, "amount" numeric not null, "currency_code" text not null, "status" text check ("status" in ('pending', 'paid', 'expired', 'canceled', 'failed')) not null default 'pending', "platega_status" text null, "expires_at" timestamptz null, "superseded_by" text null, "paid_at" timestamptz null, "payment_id" text null, "captured_collection_id" text null, "flag" text check ("flag" in ('paid_after_superseded', 'collection_already_paid', 'amount_changed')) null, "flag_detail" text null, "emailed_to" text null, "emailed_at" timestamptz null, "created_by" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_payment_link_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_payment_link_transaction_id_unique" ON "platega_payment_link" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payment_link_deleted_at" ON "platega_payment_link" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payment_link_payment_collection_id" ON "platega_payment_link" ("payment_collection_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payment_link_order_id" ON "platega_payment_link" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_payment_link_status" ON "platega_payment_link" ("status") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_payment_link" cascade;`);
  }

}
