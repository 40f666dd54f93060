// 编辑商品: 上架/下架 and 删除, one goods' editable state, its pictures and its batches with their
// inspection reports.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { goodsQuery } from '../../api/goods.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { GoodsForm } from './goods-form.tsx';
import { SaleActions } from './sale-actions.tsx';
import { BatchesSection } from './batches-section.tsx';
import { ImagesSection } from './images-section.tsx';
import styles from './goods-editor-page.module.css';

export function GoodsEditorPage() {
  const { goodsId } = useParams({ strict: false }) as { goodsId?: number };
  const id = Number(goodsId) || 0;
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'goods') : false;
  const goods = useQuery({ ...goodsQuery(id), enabled: allowed && id > 0 });

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能管理商品。" />;
  if (id === 0 || (goods.isError && goods.error.message === '商品不存在'))
    return <StateBlock kind="empty" title="商品不存在" text="请从商品列表打开。" />;
  if (goods.isError) {
    return (
      <StateBlock
        kind="failed"
        text={goods.error.message}
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => void goods.refetch()}>
            重试
          </button>
        }
      />
    );
  }
  if (!goods.data) return <StateBlock kind="loading" text="正在加载…" />;
  const g = goods.data;
  return (
    <section aria-labelledby="goods-editor-title" className={styles.page}>
      <p>
        <Link to="/goods">← 商品管理</Link>
      </p>
      <h1 id="goods-editor-title" className={styles.title}>
        {g.name}
      </h1>
      <p className={styles.muted}>
        编号 {g.id} · {g.common_name || '—'} · {g.ypgg} · {g.sccj} · {g.category} · 当前基础价{' '}
        {formatPrice(g.base_price)} · 库存 {g.stock}
        {g.bzdw} · 销量 {g.sales_count} · 更新于 {formatDateTime(g.updated_at)}
      </p>
      <SaleActions goods={g} />
      <GoodsForm key={g.id} goods={g} />
      <ImagesSection goods={g} />
      <BatchesSection goods={g} />
    </section>
  );
}
