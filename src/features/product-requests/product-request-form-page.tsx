// /pzqg/add 发布求购: what the buyer wants us to stock. Checked with the server's own rules
// (src/domain/product-requests.ts) before sending; sent through the local store, so offline it is
// kept in the outbox and lands once later. `?keyword=` (the search page's link) fills the name.
import { useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useCreateProductRequest } from '../../api/product-requests';
import { checkFields, type FieldErrors } from '../../domain/field-errors';
import {
  PRODUCT_REQUEST_REMARK_MAX,
  PRODUCT_REQUEST_TEXT_MAX,
  productRequestInput,
} from '../../domain/product-requests';
import { buttonClass } from '../../ui/button';
import { Field } from '../../ui/field';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { SpaLink } from '../../ui/spa-link';
import { useRouteSearch } from '../../widgets/route-search';
import { requestFormSearch, requestListHref } from './product-request-search';
import styles from './product-requests.module.css';

interface Draft {
  name: string;
  sccj: string;
  ypgg: string;
  approval_no: string;
  quantity: string;
  expected_price: string;
  remark: string;
}

type TextKey = Exclude<keyof Draft, 'remark'>;

const TEXT_FIELDS: {
  key: TextKey;
  label: string;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  inputMode?: 'numeric' | 'decimal';
}[] = [
  { key: 'name', label: '商品名称', required: true, placeholder: '如：蒲地蓝消炎片' },
  { key: 'sccj', label: '生产厂家', placeholder: '如：济川药业集团有限公司' },
  { key: 'ypgg', label: '规格', placeholder: '如：0.3g*48片' },
  { key: 'approval_no', label: '批准文号', placeholder: '如：国药准字Z20030095' },
  {
    key: 'quantity',
    label: '月需求量',
    required: true,
    inputMode: 'numeric',
    hint: '每月预计采购的数量（最小包装单位）',
  },
  { key: 'expected_price', label: '期望价格（元）', inputMode: 'decimal', hint: '选填，按两位小数向下取整' },
];

export default function ProductRequestFormPage() {
  const { keyword } = useRouteSearch(requestFormSearch);
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>({
    name: keyword,
    sccj: '',
    ypgg: '',
    approval_no: '',
    quantity: '',
    expected_price: '',
    remark: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateProductRequest();
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const check = checkFields(productRequestInput, draft);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    // The form as typed (trimmed): the server applies the same rules again and converts the price.
    const fields = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
    create.mutate(fields, { onSuccess: () => void router.navigate({ href: requestListHref({ page: 1 }) }) });
  };

  return (
    <PageFrame aria-labelledby="pzqg-add-title">
      <PageHeader
        titleId="pzqg-add-title"
        title="发布求购"
        note="填写您需要的品种，我们会尽快联系厂家采购，上架后通知您。"
        actions={
          <SpaLink href={requestListHref({ page: 1 })} className={buttonClass('secondary', { size: 'sm' })}>
            我的求购
          </SpaLink>
        }
      />
      <form className={styles.form} onSubmit={submit} noValidate aria-label="求购信息">
        {TEXT_FIELDS.map((f) => (
          <Field key={f.key} label={f.label} required={f.required} error={errors[f.key]} hint={f.hint}>
            {(control) => (
              <input
                {...control}
                name={f.key}
                type="text"
                inputMode={f.inputMode}
                value={draft[f.key]}
                placeholder={f.placeholder}
                // Numbers: room for a typed price like 999999.99 and a slip to correct; text: the server's limit.
                maxLength={f.inputMode ? 12 : PRODUCT_REQUEST_TEXT_MAX}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
          </Field>
        ))}
        <Field label="备注" error={errors.remark} className={styles.wide} controlClassName={styles.textarea}>
          {(control) => (
            <textarea
              {...control}
              name="remark"
              value={draft.remark}
              maxLength={PRODUCT_REQUEST_REMARK_MAX}
              placeholder="如：包装要求、效期要求、联系方式等"
              onChange={(e) => set('remark', e.target.value)}
            />
          )}
        </Field>
        <div className={styles.actions}>
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
          >
            {create.isPending ? '提交中…' : '提交求购'}
          </button>
        </div>
      </form>
    </PageFrame>
  );
}
