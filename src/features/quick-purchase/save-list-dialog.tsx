// 保存为常购清单: a name for the selected rows (saving under an existing name replaces that list).
import { useState, type FormEvent } from 'react';
import { useSaveList } from '../../api/quick-purchase';
import { SAVED_LIST_NAME_MAX } from '../../domain/quick-purchase';
import { buttonClass } from '../../ui/button';
import { Dialog, DialogActions, DialogClose } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { toast } from '../../ui/toast';
import { useOnline } from '../../local';

export interface SaveListDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: { goods_id: number; number: number }[];
}

export function SaveListDialog({ open, onOpenChange, items }: SaveListDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveList();
  // Lists live on the server (shared by the company's users); saving one waits for the connection.
  const online = useOnline();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (n === '') return setError('请填写清单名称');
    setError(undefined);
    save.mutate(
      { name: n, items },
      {
        onSuccess: () => {
          toast.show({ message: `常购清单“${n}”已保存（${items.length}种商品）`, tone: 'success' });
          setName('');
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="保存为常购清单" closeLabel="关闭">
      <form onSubmit={submit} noValidate>
        <Field
          label="清单名称"
          required
          error={error}
          hint={online ? `已选 ${items.length} 种商品；同名清单将被替换` : '保存常购清单需要联网，请联网后再保存'}
        >
          {(control) => (
            <input
              {...control}
              value={name}
              maxLength={SAVED_LIST_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <DialogActions>
          <DialogClose className={buttonClass('outline')}>取消</DialogClose>
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending || !online}>
            {save.isPending ? '正在保存…' : '保存'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
