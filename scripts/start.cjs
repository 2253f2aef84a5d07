#!/usr/bin/env node
/** `npm start`: get pnpm, install, build every app in production mode, serve the whole site. */
const path = require('path');
const { ensurePnpm, run } = require('./ensure-pnpm.cjs');

const root = path.resolve(__dirname, '..');
ensurePnpm();
run('pnpm install --frozen-lockfile', { cwd: root });
if (process.env.SKIP_BUILD !== '1') run('node scripts/build.cjs', { cwd: root });
require('./serve.cjs');
