import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/vault-schema.ts',
    './src/db/kyc-schema.ts',
    './src/db/banking-schema.ts',
    './src/db/custody-schema.ts',
    './src/db/approvals-schema.ts',
    './src/db/notifications-schema.ts',
    './src/db/passkeys-schema.ts',
    './src/db/prices-schema.ts',
    './src/db/price-feed-schema.ts',
    './src/db/alerts-schema.ts',
    './src/db/recurring-schema.ts',
    './src/db/orders-schema.ts',
  ],
  out: './drizzle',
  casing: 'snake_case',
});
