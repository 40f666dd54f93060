// 新建换购活动 (name, schedule, the goods whose amount counts, the tiers) and 编辑档位 of an existing
// one (tiers only). The server checks everything; its field messages show here.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterExchangeChange, createExchangePromotion, saveExchangeTiers } from '../../api/exchange-promotions.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { ScheduleFields } from '../../widgets/schedule-fields.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import type { ConsoleExchangePromotion } from '@domain/admin-exchange.ts';
import { emptyTier, tierDrafts, TiersEditor, tiersFromDrafts, type TierDraft } from './tiers-editor.tsx';

/** `datetime-local` text (operator's clock) → seconds; NaN when empty. */
const toSeconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);
/** "12, 15 18" → [12, 15, 18]; anything not a whole number becomes 0 (the server names it). */
const idList = (s: string) =>
  s
    .split(/[\s,，、]+/)
    .filter(Boolean)
    .map((x) => (/^\d+$/.test(x) ? Number(x) : 0));

export function ExchangeDialog({
  editing,
  onClose,
}: {
  editing: ConsoleExchangePromotion | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [members, setMembers] = useState('');
  const [tiers, setTiers] = useState<TierDraft[]>(() => (editing ? tierDrafts(editing.tiers) : [emptyTier()]));
  const { errors, setErrors, busy, run } = useFormSubmit('保存失败，请稍后重试');

  const submit = async () => {
    const parsed = tiersFromDrafts(tiers);
    if ('field' in parsed) {
      setErrors({ [parsed.field]: parsed.message });
      return;
    }
    await run(async () => {
      if (editing) await saveExchangeTiers(editing.id, parsed.tiers);
      else {
        await createExchangePromotion({
          name: name.trim(),
          description: '',
          starts_at: toSeconds(startsAt),
          ends_at: toSeconds(endsAt),
          member_ids: idList(members),
          tiers: parsed.tiers,
        });
      }
      await afterExchangeChange(queryClient);
      onClose();
    });
  };

  const memberError = errors.member_ids ?? Object.entries(errors).find(([k]) => k.startsWith('member_ids.'))?.[1];
  return (
    <DialogForm
      title={editing ? `编辑档位：${editing.name}` : '新建换购活动'}
      submitText={editing ? '保存档位' : '创建活动'}
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      {!editing && (
        <>
          <Field label="活动名称" required error={errors.name}>
            {(p) => (
              <input
                {...p}
                name="name"
                value={name}
                maxLength={60}
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
            )}
          </Field>
          <ScheduleFields
            startsAt={startsAt}
            endsAt={endsAt}
            onStartsAt={setStartsAt}
            onEndsAt={setEndsAt}
            errors={errors}
          />
          <Field label="活动商品编号（计入门槛，逗号或空格分隔）" required error={memberError}>
            {(p) => <input {...p} name="member_ids" value={members} onChange={(e) => setMembers(e.target.value)} />}
          </Field>
        </>
      )}
      <TiersEditor tiers={tiers} onChange={setTiers} errors={errors} />
    </DialogForm>
  );
}
