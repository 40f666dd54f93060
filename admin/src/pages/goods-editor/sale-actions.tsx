// 上架/下架 with the reason the audit keeps, and 删除 for a goods never ordered (the server refuses
// an ordered one with its reason, shown here). Both refresh the list and the editor.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { removeGoods, setGoodsSale } from '../../api/catalogue.ts';
import { afterGoodsChange } from '../../api/goods.ts';
import { ReasonDialog } from '../../widgets/reason-dialog.tsx';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { buttonClass } from '@ui/button.ts';
import type { ConsoleGoods } from '@domain/admin-goods.ts';

export function SaleActions({ goods }: { goods: ConsoleGoods }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'sale' | 'remove' | null>(null);
  const { errors, busy, run } = useFormSubmit('删除失败，请稍后重试');
  const on = goods.is_on_sale;
  return (
    <p>
      <span role="status">{on ? '在售' : '已下架'}</span>{' '}
      <button type="button" className={buttonClass(on ? 'outline' : 'primary')} onClick={() => setOpen('sale')}>
        {on ? '下架' : '上架'}
      </button>{' '}
      <button type="button" className={buttonClass('outline')} onClick={() => setOpen('remove')}>
        删除商品
      </button>
      {open === 'sale' && (
        <ReasonDialog
          title={on ? '下架商品' : '上架商品'}
          label={on ? '下架原因' : '上架原因'}
          submitText={on ? '下架' : '上架'}
          onSubmit={(reason) => setGoodsSale(goods.id, !on, reason)}
          after={() => afterGoodsChange(queryClient)}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'remove' && (
        <DialogForm
          title="删除商品"
          submitText="删除"
          submitVariant="danger"
          busy={busy}
          error={errors.form}
          onClose={() => setOpen(null)}
          onSubmit={() =>
            run(async () => {
              await removeGoods(goods.id);
              await afterGoodsChange(queryClient);
              await navigate({ to: '/goods' });
            })
          }
        >
          <p>只能删除从未下单的商品；已有订单的商品请改为下架。确定删除「{goods.name}」？</p>
        </DialogForm>
      )}
    </p>
  );
}
