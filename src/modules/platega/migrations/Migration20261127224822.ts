import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127224822 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "platega_payment_link" add column if not exists "return_url" text null, add column if not exists "failed_url" text null;`);

    this.addSql(`alter table if exists "platega_settings" add column if not exists "storefront_origins" jsonb null, add column if not exists "payer_key_ciphertext" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "platega_payment_link" drop column if exists "return_url", drop column if exists "failed_url";`);

    this.addSql(`alter table if exists "platega_settings" drop column if exists "storefront_origins", drop column if exists "payer_key_ciphertext";`);
  }

}
