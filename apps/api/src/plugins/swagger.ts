/** OpenAPI document built from the same zod schemas the routes validate with; UI at /api/docs. */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Vitrina API', version: '1.0.0', description: 'API de Vitrina' },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    })
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  },
  { name: 'swagger' },
)
