import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readRemotesFile, registerAll } from './federation/remotes';

async function start() {
  try {
    registerAll(await readRemotesFile());
  } catch (e) {
    // Without the remotes file every remote page shows its fallback; the shell still works.
    // eslint-disable-next-line no-console
    console.error('[host] could not read the remotes file', e);
  }
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
