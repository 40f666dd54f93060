// POST /companies (issue 34 §1): buyers' master data upserted by the ERP's customer code
// (services/integration/companies.ts). Rank and business scope change what buyers see, so the
// catalogue caches are dropped after a batch that changed anything, as after a console write.
import { z } from 'zod';
import { COMPANY_RANK_MAX, COMPANY_RANK_MIN } from '@domain/admin.ts';
import { BUSINESS_SCOPE_CODES } from '@domain/business-scope.ts';
import { isCreditCode } from '@domain/formats.ts';
import { forgetCatalogueCaches } from '../../cluster/catalogue-news.ts';
import { upsertCompanies, type CompanyItem } from '../../services/integration/companies.ts';
import { defineRoute } from './define.ts';
import { actorOfCall, answer, batchAnswer, batchFrame, checkItems, documentedBatch, rawCode } from './batch.ts';

const phone = z
  .string({ error: '手机号格式不正确' })
  .regex(/^1\d{10}$/, { error: '手机号格式不正确' })
  .nullable()
  .optional();

const companyItem = z.strictObject(
  {
    customer_code: z
      .string({ error: '请填写客户编码' })
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, { error: '客户编码只能包含字母、数字和 - _ .，最多40位' })
      .describe('ERP的客户编码：按它新增或更新'),
    name: z
      .string({ error: '企业名称无效' })
      .trim()
      .min(1, { error: '企业名称不能为空' })
      .max(60, { error: '企业名称最多60个字' })
      .optional()
      .describe('企业名称；新客户必填'),
    credit_code: z
      .string({ error: '统一社会信用代码无效' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isCreditCode, { error: '统一社会信用代码格式不正确' })
      .optional()
      .describe('统一社会信用代码（18位）；未同步过的客户按它关联商城里已注册的企业'),
    rank: z
      .number({ error: '客户等级须为整数' })
      .int({ error: '客户等级须为整数' })
      .min(COMPANY_RANK_MIN, { error: `客户等级为${COMPANY_RANK_MIN}-${COMPANY_RANK_MAX}` })
      .max(COMPANY_RANK_MAX, { error: `客户等级为${COMPANY_RANK_MIN}-${COMPANY_RANK_MAX}` })
      .optional()
      .describe('客户等级（价格等级）'),
    account_manager_phone: phone.describe('专属客户经理的手机号（须为商城员工）；null 为取消'),
    salesperson_phone: phone.describe('业务员的手机号（须为商城员工）；null 为取消'),
    business_scope: z
      .array(z.enum(BUSINESS_SCOPE_CODES as [string, ...string[]], { error: '经营范围类别无效' }), {
        error: '经营范围须为数组',
      })
      .optional()
      .describe('经营范围类别代码'),
    licence_expires_on: z.iso
      .date({ error: '许可证有效期须为 YYYY-MM-DD' })
      .nullable()
      .optional()
      .describe('药品经营许可证有效期至（ERP记录，仅供参考）'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `无法识别的字段：${issue.keys.join('、')}` : undefined) },
);

export const companyRoutes = [
  defineRoute({
    method: 'POST',
    path: '/companies',
    scope: 'companies:write',
    operationId: 'upsertCompanies',
    tag: '客户资料',
    summary: '按ERP客户编码批量新增或更新客户（企业）资料',
    description:
      '已同步过的客户编码更新所给字段；新客户编码先按统一社会信用代码关联商城里尚未同步的企业，否则新建企业（待审核）。每批1-1000条，逐条返回结果。',
    body: batchFrame,
    documentedBody: documentedBatch(companyItem),
    response: batchAnswer,
    handler: async (c, { body }) => {
      const { good, bad } = checkItems(body.items, companyItem, rawCode('customer_code'));
      const deps = c.get('deps');
      const done =
        good.length === 0
          ? []
          : await upsertCompanies(
              deps.db,
              await actorOfCall(c),
              good.map((g) => ({ index: g.index, item: g.item as CompanyItem })),
              deps.clock(),
            );
      if (done.some((r) => r.status === 'created' || r.status === 'updated')) forgetCatalogueCaches(deps);
      return answer(c, [...bad, ...done]);
    },
  }),
];
