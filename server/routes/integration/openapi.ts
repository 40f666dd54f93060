// The OpenAPI 3.1 description of /api/integration/v1 (issue 34 §1), generated from the routes'
// own zod schemas with zod 4's z.toJSONSchema: JSON Schema 2020-12, which is OpenAPI 3.1's schema
// dialect as it is (docs/decisions/integration-api.md "OpenAPI").
import { z } from 'zod';
import {
  BATCH_MAX_ITEMS,
  CLOCK_SKEW_SECONDS,
  INTEGRATION_BASE_PATH,
  INTEGRATION_REASONS,
  SIGNING_HEADERS,
} from '@domain/integration.ts';
import { IDEMPOTENCY_HEADER } from '../../http/idempotency.ts';
import { openApiPath, type IntegrationRoute } from './define.ts';

type JsonObject = Record<string, unknown>;

/** Where the document is served, below /api/integration/v1. */
export const OPENAPI_PATH = '/openapi.json';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  return json;
}

const envelopeOf = (data: JsonObject): JsonObject => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer', const: 10000 }, msg: { type: 'string' }, data },
});

/** Query or path parameters from an object schema's fields. */
function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path'): JsonObject[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });

function operationOf(route: IntegrationRoute): JsonObject {
  const signed = route.auth === 'signed';
  const write = route.method === 'POST' && signed;
  const scopeNote = route.scope ? `\n\n所需权限（scope）：\`${route.scope}\`` : '';
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: `${route.description ?? route.summary}${scopeNote}`,
    ...(route.scope ? { 'x-scope': route.scope } : {}),
    security: signed ? [{ signedRequest: [] }] : [],
    parameters: [
      ...(signed ? [ref('Timestamp'), ref('Nonce'), ref('Signature')] : []),
      ...(write ? [ref('IdempotencyKey')] : []),
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(route.documentedBody ?? route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': {
        description: '成功',
        content: { 'application/json': { schema: envelopeOf(schemaOf(route.response, 'output')) } },
      },
      default: { $ref: '#/components/responses/Refusal' },
    },
  };
}

export function openApiDocument(routes: readonly IntegrationRoute[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const p = `${INTEGRATION_BASE_PATH}${openApiPath(route.path)}`;
    (paths[p] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  paths[`${INTEGRATION_BASE_PATH}${OPENAPI_PATH}`] = {
    get: {
      operationId: 'openApiDocument',
      tags: ['接口说明'],
      summary: '本接口的 OpenAPI 3.1 描述（无需签名）',
      security: [],
      responses: {
        '200': { description: 'OpenAPI 3.1 文档', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };
  const header = (name: string, description: string, schema: JsonObject) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
  });
  return {
    openapi: '3.1.0',
    info: {
      title: '康源医药网 ERP 对接接口',
      version: '1.0.0',
      description:
        `ERP（用友、金蝶、英克、万达信等）与商城之间的机器接口。每个请求以 HMAC-SHA256 签名；写入请求须带 ${IDEMPOTENCY_HEADER}；` +
        `批量写入每批最多${BATCH_MAX_ITEMS}条，逐条返回结果。详见 docs/integration-api.md。`,
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: '/' }],
    tags: [...new Set([...routes.map((r) => r.tag), '接口说明'])].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        signedRequest: {
          type: 'apiKey',
          in: 'header',
          name: SIGNING_HEADERS.keyId,
          description:
            `密钥ID放在 ${SIGNING_HEADERS.keyId}。签名：HMAC-SHA256(密钥, 方法\\n路径及查询串\\n时间戳\\n随机串\\n请求体SHA-256十六进制)，小写十六进制放在 ${SIGNING_HEADERS.signature}。` +
            `时间戳与服务器相差超过${CLOCK_SKEW_SECONDS / 60}分钟或随机串重复的请求被拒绝。`,
        },
      },
      parameters: {
        Timestamp: header(
          SIGNING_HEADERS.timestamp,
          `Unix 时间戳（秒），与服务器时间相差不超过${CLOCK_SKEW_SECONDS}秒`,
          { type: 'string', pattern: '^[0-9]{1,12}$' },
        ),
        Nonce: header(SIGNING_HEADERS.nonce, '每个请求新生成的随机串，16-64位字母、数字、-或_', {
          type: 'string',
          pattern: '^[A-Za-z0-9_-]{16,64}$',
        }),
        Signature: header(SIGNING_HEADERS.signature, '签名，小写十六进制（64位）', {
          type: 'string',
          pattern: '^[0-9a-f]{64}$',
        }),
        IdempotencyKey: header(
          IDEMPOTENCY_HEADER,
          '幂等键：重试时使用同一个键和同一请求体，得到第一次的结果（24小时内）',
          { type: 'string', minLength: 1, maxLength: 100 },
        ),
      },
      schemas: {
        Refusal: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: {
            code: { type: 'integer', description: '与HTTP状态码相同（422为参数错误）' },
            msg: { type: 'string', description: '中文说明，可展示给操作人员' },
            data: {
              type: 'object',
              required: ['reason'],
              properties: {
                reason: {
                  type: 'string',
                  enum: Object.keys(INTEGRATION_REASONS),
                  description: '稳定的英文原因码，程序据此判断',
                },
                errors: {
                  type: 'object',
                  additionalProperties: { type: 'array', items: { type: 'string' } },
                  description: '参数错误时：字段 → 错误信息',
                },
              },
            },
          },
        },
      },
      responses: {
        Refusal: {
          description: '拒绝或错误（401 签名/凭证，403 权限，404，409 处理中，413，422 参数，428 缺幂等键）',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
        },
      },
    },
  };
}
