// 新建商品 (issue 32 §1): the fields a new goods needs, picked from the catalogue's own master
// data (leaf categories, makers, brands, warehouses: goods-placement-fields.tsx). The server checks every rule (批准文号, barcode check
// digit, 中包装, unique external code) and its messages land at the fields. A new goods starts off
// sale; the editor it opens next takes pictures and 上架.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createGoods } from '../../api/catalogue.ts';
import { afterGoodsChange } from '../../api/goods.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { GoodsPlacementFields, type PlacementDraft } from '../../widgets/goods-placement-fields.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { yuanTextToFen } from '@domain/admin-goods.ts';
import { SCOPE_CLASSES, type ScopeClass } from '@domain/business-scope.ts';
import type { GoodsCreate } from '@domain/admin-catalogue.ts';
import grid from '../../widgets/form-grid.module.css';

const TEXT_FIELDS = [
  ['external_code', '外部编码', true],
  ['name', '商品名称', true],
  ['common_name', '通用名', false],
  ['ypgg', '规格', true],
  ['dosage_form', '剂型', false],
  ['bzdw', '包装单位', true],
  ['approval_no', '批准文号', false],
  ['barcode', '条形码', false],
  ['base_price', '基础价（元）', true],
  ['retail_price', '建议零售价（元）', false],
  ['stock', '库存', true],
  ['zbz', '中包装', true],
  ['jzl', '件装量', true],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];

const FLAGS = [
  ['is_rx', '处方药'],
  ['is_ephedrine', '含麻黄碱'],
  ['is_kx', '控销'],
  ['is_jxq', '近效期'],
  ['is_zy', '中药'],
  ['is_qx', '器械'],
  ['mid_pack_strict', '须按中包装整数倍购买'],
] as const;
type FlagKey = (typeof FLAGS)[number][0];
/** Fields with their own error line; any other refusal shows as the form's. */
const SHOWN = new Set<string>([
  ...TEXT_FIELDS.map(([k]) => k),
  'category_id',
  'manufacturer_id',
  'brand_id',
  'warehouse_id',
  'scope_class',
  'ephedrine_limit',
  'form',
]);

export function GoodsCreatePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState<Record<TextKey, string>>({
    external_code: '',
    name: '',
    common_name: '',
    ypgg: '',
    dosage_form: '',
    bzdw: '盒',
    approval_no: '',
    barcode: '',
    base_price: '',
    retail_price: '',
    stock: '0',
    zbz: '1',
    jzl: '1',
  });
  const [flags, setFlags] = useState<Record<FlagKey, boolean>>({
    is_rx: false,
    is_ephedrine: false,
    is_kx: false,
    is_jxq: false,
    is_zy: false,
    is_qx: false,
    mid_pack_strict: false,
  });
  const [place, setPlace] = useState<PlacementDraft>({
    category_id: '',
    manufacturer_id: '',
    brand_id: '',
    warehouse_id: '',
  });
  const [pick, setPick] = useState({ scope_class: 'xy' as ScopeClass, ephedrine_limit: '0' });
  const { errors, setErrors, busy, run } = useFormSubmit('创建失败，请稍后重试');

  const submit = () => {
    const price = yuanTextToFen(text.base_price);
    const retail = text.retail_price ? yuanTextToFen(text.retail_price) : 0;
    if (price === null) return setErrors({ base_price: '请填写基础价，如 12.50' });
    if (retail === null) return setErrors({ retail_price: '建议零售价格式不正确' });
    const input = {
      ...text,
      ...flags,
      base_price: price,
      retail_price: retail,
      stock: Number(text.stock),
      zbz: Number(text.zbz),
      jzl: Number(text.jzl),
      category_id: Number(place.category_id),
      manufacturer_id: Number(place.manufacturer_id),
      brand_id: place.brand_id === '' ? null : Number(place.brand_id),
      warehouse_id: Number(place.warehouse_id),
      scope_class: pick.scope_class,
      ephedrine_limit: Number(pick.ephedrine_limit),
    } as unknown as GoodsCreate; // the server parses and checks every field (coercing numbers)
    return run(async () => {
      const made = await createGoods(input);
      await afterGoodsChange(queryClient);
      await navigate({ to: '/goods/$goodsId', params: { goodsId: made.id } });
    });
  };

  return (
    <ConsolePage
      title="新建商品"
      titleId="goods-create-title"
      hint="新商品创建后为未上架状态，可在编辑页上传图片后上架。"
    >
      <form
        className={grid.rows}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={grid.wide}>
          {TEXT_FIELDS.map(([key, label, required]) => (
            <Field key={key} label={label} required={required} error={errors[key]}>
              {(p) => (
                <input
                  {...p}
                  name={key}
                  value={text[key]}
                  onChange={(e) => setText({ ...text, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
          <GoodsPlacementFields value={place} onChange={setPlace} errors={errors} />
          <Field label="经营范围类别" required error={errors.scope_class}>
            {(p) => (
              <select
                {...p}
                name="scope_class"
                value={pick.scope_class}
                onChange={(e) => setPick({ ...pick, scope_class: e.target.value as ScopeClass })}
              >
                {Object.entries(SCOPE_CLASSES).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {flags.is_ephedrine && (
            <Field label="含麻黄碱每单限购" required error={errors.ephedrine_limit}>
              {(p) => (
                <input
                  {...p}
                  name="ephedrine_limit"
                  inputMode="numeric"
                  value={pick.ephedrine_limit}
                  onChange={(e) => setPick({ ...pick, ephedrine_limit: e.target.value })}
                />
              )}
            </Field>
          )}
        </div>
        <div className={grid.fit}>
          {FLAGS.map(([key, label]) => (
            <label key={key} className={grid.check}>
              <input
                type="checkbox"
                name={key}
                checked={flags[key]}
                onChange={(e) => setFlags({ ...flags, [key]: e.target.checked })}
              />
              {label}
            </label>
          ))}
        </div>
        <AlertLine message={errors.form ?? Object.entries(errors).find(([k]) => !SHOWN.has(k))?.[1]} />
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            创建商品
          </button>
        </div>
      </form>
    </ConsolePage>
  );
}
