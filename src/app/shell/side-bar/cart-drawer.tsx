// The side-bar cart drawer (SPEC §2 "Side bar", §4 "Side cart drawer", §5 delete confirmation).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cartSummaryKeys,
  drawerCartQuery,
  drawerTotals,
  postCartBatchDelete,
  type DrawerCartLine,
  type DrawerCartList,
} from '../../../api/cart-summary';
import { hotGoodsQuery } from '../../../api/goods-search';
import { formatPrice } from '../../../domain/money';
import { alert } from '../../../ui/alert-dialog';
import { GoodsImage } from '../../../ui/goods/goods-image';
import { toast } from '../../../ui/toast';
import { ShellLink } from '../shell-link';
import styles from './side-bar.module.css';

export const DELETE_CONFIRM_MESSAGE = '确定要删除该商品吗？';
export const EMPTY_CART_MESSAGE = '购物车空空如也';
/** Shown instead of a price the viewer may not see yet (server sends null). */
export const HIDDEN_PRICE_TEXT = '审核后可见';
/** Over the lines while they are the device's draft (offline, or changes not synced yet). */
export const DRAWER_DRAFT_NOTE = '离线草稿，联网后同步';
/** Hot goods suggested in an empty drawer. */
const HOT_GOODS_SHOWN = 4;

/** Rendered product thumbnail size, reserved so rows never jump when images arrive. */
const THUMB_PX = 56;

function Line({ line, onDelete, deleting }: { line: DrawerCartLine; onDelete: () => void; deleting: boolean }) {
  return (
    <li className={styles.line}>
      {/* GoodsImage: a picture that cannot load (offline, not kept) shows the placeholder, not a broken box. */}
      <GoodsImage className={styles.thumb} src={line.goods.goods_image} alt="" size={THUMB_PX} />
      <div className={styles.lineBody}>
        <ShellLink href={`/list_info/${line.goods.id}`} className={styles.lineName} title={line.goods.name}>
          {line.goods.name}
        </ShellLink>
        <p className={styles.lineMeta}>{line.goods.sccj}</p>
        <p className={styles.lineMeta}>{line.goods.ypgg}</p>
        <p className={styles.linePrice}>
          <span className={styles.price}>{line.price === null ? HIDDEN_PRICE_TEXT : formatPrice(line.price)}</span>
          <span className={styles.times}> × {line.number}</span>
          <button type="button" className={styles.delete} onClick={onDelete} disabled={deleting}>
            删除
          </button>
        </p>
      </div>
    </li>
  );
}

function EmptyCart() {
  const hot = useQuery(hotGoodsQuery());
  const goods = (hot.data ?? []).slice(0, HOT_GOODS_SHOWN);
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{EMPTY_CART_MESSAGE}</p>
      <ShellLink href="/" className={styles.emptyLink}>
        去首页逛逛
      </ShellLink>
      {goods.length > 0 && (
        <>
          <p className={styles.hotTitle}>热销推荐</p>
          <ul className={styles.hotList}>
            {goods.map((g) => (
              <li key={g.id}>
                <ShellLink href={`/list_info/${g.id}`} className={styles.hotItem}>
                  {g.name}
                </ShellLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Mounted while the drawer is open: mounting is "opening fetches the cart" (staleTime 0). */
export function CartDrawer({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const cart = useQuery({ ...drawerCartQuery(), enabled: signedIn });
  const remove = useMutation({
    mutationFn: (ids: readonly number[]) => postCartBatchDelete(ids),
    // The local store decides what offline means (the delete is queued); TanStack must not park it.
    networkMode: 'always',
    onSuccess: (result, ids) => {
      if (result.provisional) {
        // Saved on the device; the server's list does not have it yet, so no refetch: drop the
        // lines from the drawer's copy instead.
        queryClient.setQueryData<DrawerCartList>(cartSummaryKeys.drawer(), (list) =>
          list ? { ...list, data: list.data.filter((l) => !ids.includes(l.id)) } : list,
        );
        toast.show({ message: result.msg, tone: 'info' });
        return;
      }
      toast.show({ message: '已删除', tone: 'success' });
      return queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all });
    },
  });

  if (!signedIn) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyText}>登录后查看购物车</p>
        <ShellLink href="/login" className={styles.checkout}>
          立即登录
        </ShellLink>
      </div>
    );
  }
  if (cart.isPending) return <p className={styles.state}>加载中…</p>;
  if (cart.isError) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyText}>购物车加载失败</p>
        <button type="button" className={styles.retry} onClick={() => void cart.refetch()}>
          重新加载
        </button>
      </div>
    );
  }
  const lines = cart.data.data;
  if (lines.length === 0) return <EmptyCart />;
  const totals = drawerTotals(lines);
  const confirmDelete = (id: number) => {
    void alert.open({
      message: DELETE_CONFIRM_MESSAGE,
      actions: [{ label: '取消' }, { label: '确定', onClick: () => remove.mutate([id]) }],
    });
  };
  return (
    <>
      {cart.data.provisional && <p className={styles.draftNote}>{DRAWER_DRAFT_NOTE}</p>}
      <ul className={styles.lines}>
        {lines.map((line) => (
          <Line
            key={line.id}
            line={line}
            deleting={remove.isPending && remove.variables?.includes(line.id) === true}
            onDelete={() => confirmDelete(line.id)}
          />
        ))}
      </ul>
      <div className={styles.summary}>
        <p className={styles.totals}>
          共 <b>{totals.count}</b> 件商品
          <span className={styles.amount}>
            合计：
            <b className={styles.price}>
              {totals.amountFen === null ? HIDDEN_PRICE_TEXT : formatPrice(totals.amountFen)}
            </b>
          </span>
        </p>
        <ShellLink href="/cart" className={styles.checkout}>
          去购物车结算
        </ShellLink>
      </div>
    </>
  );
}
