// 轮换密钥: a new secret for the client; the secrets valid now keep working for the minutes chosen
// (0: stop at once), so the ERP can switch over without a gap.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterIntegrationChange, rotateIntegrationSecret } from '../../api/integration-clients.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import {
  ROTATION_OVERLAP_DEFAULT_MINUTES,
  ROTATION_OVERLAP_MAX_MINUTES,
  type IntegrationClientView,
  type IntegrationCredentials,
} from '@domain/integration.ts';

export function RotateDialog({
  client,
  onClose,
  onRotated,
}: {
  client: IntegrationClientView;
  onClose: () => void;
  onRotated: (c: IntegrationCredentials) => void;
}) {
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState(String(ROTATION_OVERLAP_DEFAULT_MINUTES));
  const { errors, busy, run } = useFormSubmit('轮换失败，请稍后重试');
  const submit = () =>
    run(async () => {
      const n = /^\d{1,6}$/.test(minutes.trim()) ? Number(minutes.trim()) : -1;
      const rotated = await rotateIntegrationSecret(client.id, n);
      await afterIntegrationChange(queryClient);
      onRotated(rotated);
    });
  return (
    <DialogForm
      title={`轮换密钥：${client.name}`}
      submitText="生成新密钥"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label={`旧密钥继续有效的分钟数（0-${ROTATION_OVERLAP_MAX_MINUTES}，0为立即失效）`}
        required
        error={errors.overlap_minutes}
      >
        {(p) => (
          <input
            {...p}
            name="overlap_minutes"
            inputMode="numeric"
            maxLength={6}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            autoFocus
          />
        )}
      </Field>
    </DialogForm>
  );
}
