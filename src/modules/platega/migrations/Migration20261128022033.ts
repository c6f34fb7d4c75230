import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128022033 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_callback_event" add column if not exists "read_status" text null, add column if not exists "read_at" timestamptz null, add column if not exists "case_kind" text null, add column if not exists "delivered" boolean not null default true;`);

    this.addSql(`alter table if exists "platega_payment_link" add column if not exists "platega_read_at" timestamptz null;`);

    this.addSql(`alter table if exists "platega_settings" add column if not exists "notification_language" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "platega_callback_event" drop column if exists "read_status", drop column if exists "read_at", drop column if exists "case_kind", drop column if exists "delivered";`);

    this.addSql(`alter table if exists "platega_payment_link" drop column if exists "platega_read_at";`);

    this.addSql(`alter table if exists "platega_settings" drop column if exists "notification_language";`);
  }

}
