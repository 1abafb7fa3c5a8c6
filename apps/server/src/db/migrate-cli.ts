// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config.ts';
import { databaseOptionsOf, openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase(databaseOptionsOf(config));
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind}).`);
