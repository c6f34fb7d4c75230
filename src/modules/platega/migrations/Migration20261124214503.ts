import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124214503 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_subscription" add column if not exists "cancelled_at" timestamptz null, add column if not exists "cancelled_by" text null, add column if not exists "cancel_response" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "platega_subscription" drop column if exists "cancelled_at", drop column if exists "cancelled_by", drop column if exists "cancel_response";`);
  }

}
