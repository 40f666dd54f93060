// 新建对接凭证: a name, the scopes the ERP may use and a note. The answer's secret is shown once
// by the page (onCreated).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterIntegrationChange, createIntegrationClient } from '../../api/integration-clients.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import {
  INTEGRATION_SCOPE_LABELS,
  INTEGRATION_SCOPES,
  type IntegrationCredentials,
  type IntegrationScope,
} from '@domain/integration.ts';
import styles from './integration-clients-page.module.css';

export function NewClientDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: IntegrationCredentials) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [scopes, setScopes] = useState<IntegrationScope[]>([]);
  const { errors, busy, run } = useFormSubmit('创建失败，请稍后重试');
  const toggle = (s: IntegrationScope) =>
    setScopes(scopes.includes(s) ? scopes.filter((x) => x !== s) : [...scopes, s]);
  const submit = () =>
    run(async () => {
      const made = await createIntegrationClient({ name: name.trim(), scopes, note: note.trim() });
      await afterIntegrationChange(queryClient);
      onCreated(made);
    });
  return (
    <DialogForm
      title="新建对接凭证"
      submitText="创建"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="名称（如 用友U8）" required error={errors.name}>
        {(p) => (
          <input {...p} name="name" maxLength={40} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        )}
      </Field>
      <fieldset className={styles.checks}>
        <legend>权限</legend>
        {INTEGRATION_SCOPES.map((s) => (
          <label key={s}>
            <input type="checkbox" checked={scopes.includes(s)} onChange={() => toggle(s)} />{' '}
            {INTEGRATION_SCOPE_LABELS[s]}（{s}）
          </label>
        ))}
      </fieldset>
      {errors.scopes && <p className={styles.fieldError}>{errors.scopes}</p>}
      <Field label="备注" error={errors.note}>
        {(p) => <input {...p} name="note" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
    </DialogForm>
  );
}
