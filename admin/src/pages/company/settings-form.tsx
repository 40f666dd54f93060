// What operators set on a company: member rank, account manager, salesperson, the four flags and
// the business scope. Saved as a whole (one audit row with before and after).
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterCompanyChange, saveCompanySettings } from '../../api/companies.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { BUSINESS_SCOPES, BUSINESS_SCOPE_CODES, type ScopeClass } from '@domain/business-scope.ts';
import { COMPANY_RANK_MAX, COMPANY_RANK_MIN, type CompanyDetail, type CompanySettingsInput } from '@domain/admin.ts';
import panel from '../../widgets/panel.module.css';
import styles from './company-page.module.css';

const FLAGS: { key: 'is_special' | 'is_show_youx' | 'is_can_chat' | 'is_after_sale'; label: string }[] = [
  { key: 'is_special', label: '可购控销商品' },
  { key: 'is_show_youx', label: '显示优选专区' },
  { key: 'is_can_chat', label: '开通在线咨询' },
  { key: 'is_after_sale', label: '允许申请售后' },
];

const RANKS = Array.from({ length: COMPANY_RANK_MAX - COMPANY_RANK_MIN + 1 }, (_, i) => COMPANY_RANK_MIN + i);

function initial(c: CompanyDetail): CompanySettingsInput {
  return {
    rank: c.rank,
    account_manager_id: c.account_manager_id,
    salesperson_id: c.salesperson_id,
    is_special: c.is_special,
    is_show_youx: c.is_show_youx,
    is_can_chat: c.is_can_chat,
    is_after_sale: c.is_after_sale,
    business_scope: c.business_scope.filter((s): s is ScopeClass => BUSINESS_SCOPE_CODES.includes(s)),
  };
}

export function SettingsForm({ company }: { company: CompanyDetail }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CompanySettingsInput>(() => initial(company));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<CompanySettingsInput>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage('');
    try {
      await saveCompanySettings(company.id, values);
      setMessage('已保存');
      await afterCompanyChange(queryClient);
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
        setMessage(err.message);
      } else setMessage('保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const staffSelect = (
    key: 'account_manager_id' | 'salesperson_id',
    label: string,
    options: CompanyDetail['account_managers'],
  ) => (
    <Field label={label} error={errors[key]}>
      {(p) => (
        <select
          {...p}
          name={key}
          value={values[key] ?? ''}
          onChange={(e) => set({ [key]: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">未分配</option>
          {options.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}（{s.phone}）
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form className={panel.panel} onSubmit={(e) => void submit(e)} aria-labelledby="settings-title">
      <h2 id="settings-title" className={panel.title}>
        企业设置
      </h2>
      <div className={styles.settingsGrid}>
        <Field label="会员等级" error={errors.rank}>
          {(p) => (
            <select {...p} name="rank" value={values.rank} onChange={(e) => set({ rank: Number(e.target.value) })}>
              {RANKS.map((r) => (
                <option key={r} value={r}>
                  {r} 级
                </option>
              ))}
            </select>
          )}
        </Field>
        {staffSelect('account_manager_id', '专属客户经理', company.account_managers)}
        {staffSelect('salesperson_id', '业务员', company.salespeople)}
      </div>
      <fieldset className={styles.checks}>
        <legend>权限</legend>
        {FLAGS.map((f) => (
          <label key={f.key}>
            <input
              type="checkbox"
              name={f.key}
              checked={values[f.key]}
              onChange={(e) => set({ [f.key]: e.target.checked })}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.checks}>
        <legend>经营范围</legend>
        {BUSINESS_SCOPES.map((s) => (
          <label key={s.code}>
            <input
              type="checkbox"
              name="business_scope"
              value={s.code}
              checked={values.business_scope.includes(s.code)}
              onChange={(e) =>
                set({
                  business_scope: e.target.checked
                    ? [...values.business_scope, s.code]
                    : values.business_scope.filter((c) => c !== s.code),
                })
              }
            />
            {s.label}
          </label>
        ))}
        {errors.business_scope && <p className={styles.error}>{errors.business_scope}</p>}
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          保存设置
        </button>
        {message && (
          <span role="status" className={Object.keys(errors).length > 0 ? styles.error : styles.done}>
            {message}
          </span>
        )}
      </div>
    </form>
  );
}
