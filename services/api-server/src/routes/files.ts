/** Seeded media and uploads under /files/..., from the object storage (ctx.storage). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { fileKey, sendFile } from '../lib/files.js';

/** The path under /files; fileKey refuses one that leaves the storage's files. */
const fileParams = z.object({ '*': z.string().default('') });

export default async function filesRoutes(fastify: FastifyInstance, ctx: AppContext) {
  fastify.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    schema: { params: fileParams },
    handler: async (req, reply) => {
      const key = fileKey(req.params['*']);
      return sendFile(req, reply, ctx.storage, key, { cacheSeconds: key.startsWith('upload/') ? 86400 : 3600 });
    },
  });
}
