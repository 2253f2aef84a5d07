/** Seeded media and uploads under /files/..., from the object storage (ctx.storage). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { fileKey, sendFile } from '../lib/files.js';

export default async function filesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    handler: async (req, reply) => {
      const key = fileKey((req.params as { '*': string })['*'] ?? '');
      return sendFile(req, reply, ctx.storage, key, { cacheSeconds: key.startsWith('upload/') ? 86400 : 3600 });
    },
  });
}
