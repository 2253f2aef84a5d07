import { fork } from 'node:child_process';
const c = fork('src/worker.ts', ['--ready'], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    RENDER_OUT_DIR: '/tmp/h8/out',
    RENDER_API_ORIGIN: 'http://127.0.0.1:1',
    RENDER_SITE_ORIGIN: 'http://x',
    RENDER_HOST_ROOT: '/tmp/h8/hr',
    STORAGE_DRIVER: 'local',
  },
});
console.log(c.pid);
setInterval(() => {}, 1000);
