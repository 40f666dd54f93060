// An activity's schedule as two `datetime-local` inputs side by side (开始时间, 结束时间) in the
// operator's clock. The promotion, rule-promotion and exchange dialogs show the same pair; each
// turns the texts into seconds itself and the server's field messages land under each input.
import { Field } from '@ui/field.tsx';
import grid from './form-grid.module.css';

interface Props {
  startsAt: string;
  endsAt: string;
  onStartsAt: (value: string) => void;
  onEndsAt: (value: string) => void;
  errors: { starts_at?: string; ends_at?: string };
}

export function ScheduleFields({ startsAt, endsAt, onStartsAt, onEndsAt, errors }: Props) {
  return (
    <div className={grid.pair}>
      <Field label="开始时间" required error={errors.starts_at}>
        {(p) => (
          <input
            {...p}
            type="datetime-local"
            name="starts_at"
            value={startsAt}
            onChange={(e) => onStartsAt(e.target.value)}
          />
        )}
      </Field>
      <Field label="结束时间" required error={errors.ends_at}>
        {(p) => (
          <input
            {...p}
            type="datetime-local"
            name="ends_at"
            value={endsAt}
            onChange={(e) => onEndsAt(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
