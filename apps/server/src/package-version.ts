import fs from 'node:fs';
import path from 'node:path';

/** This server's version, from its package.json: the API docs, the health answer and each process's heartbeat. */
export const PACKAGE_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
).version;
