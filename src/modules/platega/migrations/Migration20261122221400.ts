import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122221400 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_subscription_charge" drop constraint if exists "platega_subscription_charge_platega_id_unique";`);
    this.addSql(`alter table if exists "platega_subscription" drop constraint if exists "platega_subscription_platega_id_unique";`);
    this.addSql(`create table if not exists "platega_plan" ("id" text not null, "interval" text check ("interval" in ('day', 'week', 'month', 'year')) not null, "interval_count" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_plan_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_plan_deleted_at" ON "platega_plan" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "platega_subscription" ("id" text not null, "platega_id" text not null, "status" text not null, "interval" text check ("interval" in ('day', 'week', 'month', 'year')) not null, "interval_count" integer not null, "amount" numeric not null, "currency_code" text not null, "started_at" timestamptz null, "next_charge_at" timestamptz null, "last_charge_at" timestamptz null, "customer_email" text null, "customer_id" text null, "cart_id" text not null, "payment_session_id" text not null, "first_order_id" text null, "snapshot" jsonb not null, "platega_charges_success" integer null, "attention" text null, "synced_at" timestamptz null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_subscription_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_subscription_platega_id_unique" ON "platega_subscription" ("platega_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_deleted_at" ON "platega_subscription" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_status" ON "platega_subscription" ("status") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_customer_id" ON "platega_subscription" ("customer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_payment_session_id" ON "platega_subscription" ("payment_session_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "platega_subscription_charge" ("id" text not null, "platega_id" text not null, "subscription_id" text not null, "status" text not null, "amount" numeric not null, "currency_code" text not null, "kind" text check ("kind" in ('first', 'renewal')) null, "order_id" text null, "charged_at" timestamptz null, "claimed_until" timestamptz null, "error" text null, "source" text not null default 'callback', "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_subscription_charge_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_subscription_charge_platega_id_unique" ON "platega_subscription_charge" ("platega_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_charge_subscription_id" ON "platega_subscription_charge" ("subscription_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_charge_deleted_at" ON "platega_subscription_charge" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_subscription_charge_order_id" ON "platega_subscription_charge" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_platega_subscription_charge_one_first" ON "platega_subscription_charge" ("subscription_id") WHERE kind = 'first' AND deleted_at IS NULL;`);

    this.addSql(`alter table if exists "platega_subscription_charge" add constraint "platega_subscription_charge_subscription_id_foreign" foreign key ("subscription_id") references "platega_subscription" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "platega_subscription_charge" drop constraint if exists "platega_subscription_charge_subscription_id_foreign";`);

    this.addSql(`drop table if exists "platega_plan" cascade;`);

    this.addSql(`drop table if exists "platega_subscription" cascade;`);

    this.addSql(`drop table if exists "platega_subscription_charge" cascade;`);
  }

}
