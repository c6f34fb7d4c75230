import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122214330 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "platega_settings" ("id" text not null, "merchant_id" text null, "secret_ciphertext" text null, "secret_last4" text null, "payout_key_ciphertext" text null, "payout_key_last4" text null, "base_url" text null, "hmac_scheme" text null, "sign_path_with_query" boolean null, "currencies" jsonb null, "description" text null, "return_url" text null, "failed_url" text null, "reconcile_min_age_minutes" integer null, "export_time_zone" text null, "csv_separator" text null, "last_test" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_settings_deleted_at" ON "platega_settings" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "platega_settings_audit" ("id" text not null, "actor_id" text null, "action" text not null default 'update', "fields" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "platega_settings_audit_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_settings_audit_deleted_at" ON "platega_settings_audit" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_platega_settings_audit_created_at" ON "platega_settings_audit" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "platega_settings" cascade;`);

    this.addSql(`drop table if exists "platega_settings_audit" cascade;`);
  }

}
