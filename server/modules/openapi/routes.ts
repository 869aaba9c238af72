/**
 * GET /api/openapi.json: generated from the route declarations (server/http/route.ts) and
 * their shared zod schemas with zod's own JSON Schema output, so it always matches what
 * the server validates.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { registry, route, type Access } from '../../http/route';
import { APP_VERSION } from '../../../shared/constants';

const errorBody = {
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string' },
    code: { type: 'string' },
    details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: js.required?.includes(name) ?? false,
    schema: s,
  }));
}

const ERRORS_BY_ACCESS: Record<Access, string[]> = {
  public: ['400', '429'],
  user: ['400', '401', '403', '404', '409', '429'],
  admin: ['400', '401', '403', '404', '409', '429'],
};

function buildOpenApi(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of registry) {
    const pathParams = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    }));
    const responses: Record<string, unknown> = {
      [String(r.status ?? 200)]: {
        description: 'OK',
        content: r.response ? { 'application/json': { schema: jsonSchema(r.response, 'output') } } : undefined,
      },
    };
    for (const status of ERRORS_BY_ACCESS[r.access]) {
      responses[status] = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    (paths[r.path] ??= {})[r.method] = {
      summary: r.summary,
      tags: [r.tag],
      security: r.access === 'public' ? [] : [{ session: [] }],
      parameters: [...pathParams, ...queryParameters(r.query)],
      requestBody: r.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } }
        : undefined,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Binaa Market API', version: APP_VERSION },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'binaa.sid' } },
      schemas: { Error: errorBody },
    },
    paths,
  };
}

export function openApiRouter(): Router {
  const router = new Router();
  route(router, { method: 'get', path: '/api/openapi.json', summary: 'This document', tag: 'meta', access: 'public' }, ({ ctx }) =>
    buildOpenApi(ctx.deps.config.publicUrl),
  );
  return router;
}
