// 分类与厂家 (issue 32 §1): the category tree (新建 under any category up to the third level, 删除 of
// an empty one), the manufacturers (pinyin initials computed by the server) and the warehouses,
// each with a 新建 dialog. The server refuses what the tree rules forbid, with its reason.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  catalogueKey,
  categoriesQuery,
  createCategory,
  createMaker,
  createWarehouse,
  makersQuery,
  removeCategory,
  warehousesQuery,
} from '../../api/catalogue.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { CATEGORY_LEVELS_MAX, type ConsoleCategory } from '@domain/admin-catalogue.ts';

type Adding = { kind: 'category'; parent: ConsoleCategory | null } | { kind: 'maker' } | { kind: 'warehouse' };

function AddDialog({ adding, onClose }: { adding: Adding; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const { errors, busy, run } = useFormSubmit('保存失败，请稍后重试');
  const title =
    adding.kind === 'category'
      ? adding.parent
        ? `在「${adding.parent.name}」下新建分类`
        : '新建一级分类'
      : adding.kind === 'maker'
        ? '新建生产厂家'
        : '新建仓库';
  const label = adding.kind === 'category' ? '分类名称' : adding.kind === 'maker' ? '厂家名称' : '仓库名称';
  const submit = () =>
    run(async () => {
      if (adding.kind === 'category') await createCategory({ name, parent_id: adding.parent?.id ?? null });
      else if (adding.kind === 'maker') await createMaker({ name });
      else await createWarehouse({ name });
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
      onClose();
    });
  return (
    <DialogForm
      title={title}
      submitText="保存"
      busy={busy}
      error={errors.form ?? errors.parent_id}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={label} required error={errors.name}>
        {(p) => <input {...p} name="name" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
    </DialogForm>
  );
}

export function CataloguePage() {
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery);
  const makers = useQuery(makersQuery);
  const warehouses = useQuery(warehousesQuery);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  const all = categories.data ?? [];
  const childrenOf = (id: number | null) => all.filter((c) => c.parent_id === id);
  const remove = async (c: ConsoleCategory) => {
    setRefusal(undefined);
    try {
      await removeCategory(c.id);
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
    } catch (e) {
      setRefusal(e instanceof Error ? e.message : '删除失败');
    }
  };
  const tree = (parent: number | null) => (
    <ul>
      {childrenOf(parent).map((c) => (
        <li key={c.id}>
          {c.name}（{c.goods_count}个商品）{' '}
          {c.level < CATEGORY_LEVELS_MAX && (
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={() => setAdding({ kind: 'category', parent: c })}
            >
              新建下级
            </button>
          )}{' '}
          <button type="button" className={buttonClass('outline')} onClick={() => void remove(c)}>
            删除
          </button>
          {tree(c.id)}
        </li>
      ))}
    </ul>
  );
  return (
    <ConsolePage
      title="分类与厂家"
      titleId="catalogue-title"
      actions={
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => setAdding({ kind: 'category', parent: null })}
        >
          新建一级分类
        </button>
      }
    >
      <AlertLine message={refusal} />
      <h2>商品分类</h2>
      {tree(null)}
      <h2>生产厂家</h2>
      <button type="button" className={buttonClass('outline')} onClick={() => setAdding({ kind: 'maker' })}>
        新建生产厂家
      </button>
      <ul>
        {(makers.data ?? []).map((m) => (
          <li key={m.id}>
            {m.name}（{m.pinyin_initials}，{m.goods_count}个商品）
          </li>
        ))}
      </ul>
      <h2>仓库</h2>
      <button type="button" className={buttonClass('outline')} onClick={() => setAdding({ kind: 'warehouse' })}>
        新建仓库
      </button>
      <ul>
        {(warehouses.data ?? []).map((w) => (
          <li key={w.id}>
            {w.name}（{w.goods_count}个商品）
          </li>
        ))}
      </ul>
      {adding && <AddDialog adding={adding} onClose={() => setAdding(null)} />}
    </ConsolePage>
  );
}
