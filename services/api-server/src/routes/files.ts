/** Static seeded media and uploads under /files/... */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { safeResolve, sendFile } from '../lib/files.js';

/** The path under /files; safeResolve refuses one that leaves the folder. */
const fileParams = z.object({ '*': z.string().default('') });

export default async function filesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  fastify.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    schema: { params: fileParams },
    handler: async (req, reply) => {
      const rel = req.params['*'];
      const abs = safeResolve(ctx.config.filesDir, rel);
      return sendFile(req, reply, abs, { cacheSeconds: rel.startsWith('upload/') ? 86400 : 3600 });
    },
  });
}
