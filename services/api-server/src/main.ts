import { startServer } from './app.js';

startServer().catch((err) => {
  console.error('API server failed to start:', err);
  process.exit(1);
});
