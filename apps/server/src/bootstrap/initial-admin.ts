import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { generatePassword } from '../modules/auth/passwords.js';
import type { UsersRepository } from '../modules/users/users.repository.js';
import type { UsersService } from '../modules/users/users.service.js';

export const INITIAL_ADMIN_FILE = 'initial-admin.txt';

/**
 * On the first start (no user at all) creates the administrator. Without a configured password a random one
 * is generated, printed once and written to DATA_DIR/initial-admin.txt, readable by the owner only.
 */
export async function ensureInitialAdmin(options: {
  repository: UsersRepository;
  service: UsersService;
  username: string;
  password?: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  if ((await options.repository.count()) > 0) return;
  const password = options.password ?? generatePassword();
  const admin = await options.service.create({
    username: options.username,
    name: 'Administrator',
    password,
    roles: ['admin'],
  });
  if (options.password) {
    options.log.info({ username: admin.username }, 'created the first administrator');
    return;
  }
  const file = path.join(options.dataDir, INITIAL_ADMIN_FILE);
  fs.writeFileSync(file, `username: ${admin.username}\npassword: ${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  // Printed on purpose, once: nobody could sign in otherwise.
  process.stdout.write(
    `\nFirst administrator created.\n  username: ${admin.username}\n  password: ${password}\n` +
      `The password is also in ${file} (readable by you only). Change it after signing in.\n\n`,
  );
}
