// The company step (registration step 2, and a head office's store in 多门店 step 2): the
// company's details with cascading 省/市/区 selects, and its qualification documents by company
// kind. Checked here with the server's rules; a refusal shows its first message at its field
// (a document's message at that document).
import { useRef, useState, type FormEvent } from 'react';
import { checkCompany, type CompanyValues, type FieldProblem } from '../../domain/account-rules';
import {
  COMPANY_KIND_LABELS,
  COMPANY_KINDS,
  QUALIFICATION_KINDS,
  REQUIRED_FILES,
  documentsFor,
  uploadMessages,
  type CompanyKind,
  type QualificationKind,
} from '../../domain/qualifications';
import { TextField } from '../../widgets/address/text-field';
import { SelectField } from '../../widgets/address/select-field';
import { useRegions } from '../../widgets/address/use-regions';
import { accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { DocumentUpload } from './document-upload';
import registerStyles from './register.module.css';
import { FlowFormEnd } from '../../widgets/account-form/flow-form-end';

export interface CompanyFormProps {
  /** Allowed kinds (a store cannot be a chain head office). */
  kinds?: readonly CompanyKind[];
  initialName?: string;
  submitLabel: string;
  /** Sends the multipart body; rejects with the server's refusal. */
  onSubmit: (form: FormData) => Promise<unknown>;
}

const EMPTY: CompanyValues = {
  company_name: '',
  kind: 'pharmacy',
  credit_code: '',
  legal_person: '',
  contact_name: '',
  contact_phone: '',
  province: '',
  city: '',
  district: '',
  address: '',
};

type Files = Partial<Record<QualificationKind, File>>;

function missingDocument(kind: CompanyKind, files: Files): FieldProblem | null {
  const missing = REQUIRED_FILES[kind].find((k) => !files[k]);
  return missing ? { field: `files.${missing}`, message: uploadMessages.required(QUALIFICATION_KINDS[missing]) } : null;
}

export function CompanyForm({ kinds = COMPANY_KINDS, initialName = '', submitLabel, onSubmit }: CompanyFormProps) {
  const [values, setValues] = useState<CompanyValues>({ ...EMPTY, company_name: initialName });
  const [files, setFiles] = useState<Files>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | HTMLSelectElement | null>>>({});
  const { regions, failed: regionsFailed } = useRegions();
  const kind = values.kind as CompanyKind;

  const show = (p: FormProblem) => {
    setProblem(p);
    if (p.field) inputs.current[p.field]?.focus();
  };
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);
  const clear = (field: string) => {
    if (problem?.field === field) setProblem(null);
  };
  const bind = (field: keyof CompanyValues) => ({
    ref: (el: HTMLInputElement | HTMLSelectElement | null) => {
      inputs.current[field] = el;
    },
    name: field,
    value: values[field],
    error: errorOf(field),
    required: true,
    onChange: (value: string) => {
      setValues((v) => {
        const next = { ...v, [field]: value };
        // A new province or city clears the levels below it; a single choice is taken at once.
        if (field === 'province') next.city = '';
        if (field === 'province' || field === 'city') next.district = '';
        if (regions && field === 'province' && value !== '') {
          const cities = regions.citiesOf(value);
          if (cities.length === 1) next.city = cities[0];
        }
        if (regions && next.city !== '' && next.district === '' && field !== 'district') {
          const districts = regions.districtsOf(next.province, next.city);
          if (districts.length === 1) next.district = districts[0];
        }
        return next;
      });
      clear(field);
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = checkCompany(values) ?? missingDocument(kind, files);
    if (found) return show(found);
    setProblem(null);
    const form = new FormData();
    for (const [k, v] of Object.entries(values))
      form.append(k, k === 'credit_code' ? v.trim().toUpperCase() : v.trim());
    for (const doc of documentsFor(kind)) {
      const file = files[doc];
      if (file) form.append(`files[${doc}]`, file, file.name);
    }
    setBusy(true);
    try {
      await onSubmit(form);
    } catch (err) {
      show(formProblemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const loading = regions === null;
  const placeholder = (choose: string) => (loading ? (regionsFailed ? '加载失败' : '加载中…') : choose);
  const known = new Set<string>([...Object.keys(EMPTY), ...documentsFor(kind).map((d) => `files.${d}`)]);
  const formMessage = problem && (!problem.field || !known.has(problem.field)) ? problem.message : null;

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
      <h2 className={styles.sectionTitle}>企业信息</h2>
      <div className={styles.grid2}>
        <TextField label="企业名称" maxLength={60} {...bind('company_name')} />
        <SelectField
          label="企业类型"
          placeholder="请选择企业类型"
          options={kinds.map((k) => ({ value: k, label: COMPANY_KIND_LABELS[k] }))}
          {...bind('kind')}
        />
        <TextField label="统一社会信用代码" maxLength={18} hint="18位，见营业执照" {...bind('credit_code')} />
        <TextField label="法定代表人" maxLength={30} {...bind('legal_person')} />
        <TextField label="联系人" maxLength={30} {...bind('contact_name')} />
        <TextField
          label="联系电话"
          type="tel"
          maxLength={20}
          hint="手机号或固定电话，如 020-12345678"
          {...bind('contact_phone')}
        />
      </div>
      <div className={styles.grid3}>
        <SelectField
          label="省份"
          options={(regions?.provinces() ?? []).map((value) => ({ value }))}
          placeholder={placeholder('请选择省份')}
          disabled={loading}
          {...bind('province')}
        />
        <SelectField
          label="城市"
          options={(regions?.citiesOf(values.province) ?? []).map((value) => ({ value }))}
          placeholder={placeholder('请选择城市')}
          disabled={loading || values.province === ''}
          {...bind('city')}
        />
        <SelectField
          label="区/县"
          options={(regions?.districtsOf(values.province, values.city) ?? []).map((value) => ({ value }))}
          placeholder={placeholder('请选择区县')}
          disabled={loading || values.city === ''}
          {...bind('district')}
        />
      </div>
      <TextField label="详细地址" maxLength={110} hint="街道、门牌号" {...bind('address')} />

      <h2 className={styles.sectionTitle}>资质文件</h2>
      <div className={registerStyles.documents}>
        {documentsFor(kind).map((doc) => (
          <DocumentUpload
            key={doc}
            kind={doc}
            required={REQUIRED_FILES[kind].includes(doc)}
            file={files[doc] ?? null}
            error={errorOf(`files.${doc}`)}
            inputRef={(el) => {
              inputs.current[`files.${doc}`] = el;
            }}
            onChange={(file) => {
              setFiles((f) => {
                const next = { ...f };
                if (file) next[doc] = file;
                else delete next[doc];
                return next;
              });
              clear(`files.${doc}`);
            }}
            onProblem={(message) => setProblem({ field: `files.${doc}`, message })}
          />
        ))}
      </div>
      <FlowFormEnd message={formMessage} pending={busy} text={submitLabel} pendingText="提交中…" />
    </form>
  );
}
