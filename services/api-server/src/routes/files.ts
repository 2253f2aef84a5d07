/** Static seeded media and uploads under /files/... */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { safeResolve, sendFile } from '../lib/files.js';

export default async function filesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    handler: async (req, reply) => {
      const rel = (req.params as { '*': string })['*'] ?? '';
      const abs = safeResolve(ctx.config.filesDir, rel);
      return sendFile(req, reply, abs, { cacheSeconds: rel.startsWith('upload/') ? 86400 : 3600 });
    },
  });
}
