#!/usr/bin/env node
// Makes sure the system programs Autostudio needs are present: Debian's Chromium (the reference engine's
// renderer and the browser tests) and ffmpeg (video encoding). Installs them with apt-get when running as
// root on Debian or Ubuntu; otherwise stops with the exact command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const REQUIRED = [
  { name: 'Chromium', binary: '/usr/bin/chromium', aptPackage: 'chromium' },
  { name: 'ffmpeg', binary: '/usr/bin/ffmpeg', aptPackage: 'ffmpeg' },
];

const missing = REQUIRED.filter(({ binary }) => !fs.existsSync(binary));
if (missing.length === 0) process.exit(0);

const packages = missing.map(({ aptPackage }) => aptPackage);
const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
const names = missing.map(({ name }) => name).join(' and ');

const osRelease = fs.existsSync('/etc/os-release') ? fs.readFileSync('/etc/os-release', 'utf8') : '';
const isDebianLike = /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (!isDebianLike || !isRoot) {
  const how = isDebianLike
    ? `sudo sh -c '${command}'`
    : `install ${packages.join(' ')} with your system's package manager`;
  process.stderr.write(
    `Autostudio needs ${names}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\nRun: ${how}\n`,
  );
  process.exit(1);
}

process.stdout.write(`Autostudio needs ${names}; installing with apt-get (${packages.join(', ')})...\n`);
const run = (args) =>
  spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const update = run(['update']);
const install = update.status === 0 ? run(['install', '-y', ...packages]) : update;
const stillMissing = REQUIRED.filter(({ binary }) => !fs.existsSync(binary));
if (install.status !== 0 || stillMissing.length > 0) {
  process.stderr.write(`Installing ${names} failed. Run it yourself: ${command}\n`);
  process.exit(1);
}
process.stdout.write(`Installed ${names}.\n`);
