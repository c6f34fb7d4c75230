import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128024302 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_checkout_transaction" drop constraint if exists "platega_checkout_transaction_transaction_id_unique";`);
    this.addSql(`create table if not exists "platega_checkout_transaction" ("id" text not null, "transaction_id" text not null, "payment_session_id" text not null, "cart_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_checkout_transaction_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_checkout_transaction_transaction_id_unique" ON "platega_checkout_transaction" ("transaction_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_checkout_transaction_deleted_at" ON "platega_checkout_transaction" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_checkout_transaction_payment_session_id" ON "platega_checkout_transaction" ("payment_session_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_checkout_transaction" cascade;`);
  }

}
