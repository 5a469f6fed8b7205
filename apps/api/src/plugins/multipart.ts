/**
 * Multipart uploads (SPEC §5, §9): at most 5 MB per file, and no more files than a logo plus ten
 * slides or a main image plus ten extra images. Larger parts are cut off while streaming, so an
 * oversize upload never reaches memory or disk.
 */
import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import { LIMITS } from '@vitrina/contracts'

export default fp(
  async (app) => {
    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: LIMITS.maxImageBytes,
        files: LIMITS.maxSlides + 1,
        fields: 200,
        fieldSize: 64 * 1024,
        parts: 250,
        headerPairs: 100,
      },
    })
  },
  { name: 'multipart' },
)
