// Vitest's global setup for the server's suites: one migrated database made once per run, which
// every test app then starts from instead of migrating its own. An embedded database is dumped
// to a file and loaded back (about a second less per app than initdb and the migrations); on
// PostgreSQL a template database is made, which `create database … template` copies.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB_KIND === 'postgres' || project.config.env.TEST_DB_KIND === 'postgres') {
    return postgresTemplate(project);
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.dump();
  await database.close();
  if (!dump) throw new Error('an embedded database has a dump');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sv-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', undefined);
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres suites');
  const name = `sv_template_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await database.migrate();
  // A template is copied only while nobody is connected to it.
  await database.close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteTemplate', undefined);
  return () => onServer(adminUrl, `drop database if exists ${name} with (force)`);
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
