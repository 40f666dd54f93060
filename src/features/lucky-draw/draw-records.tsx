// 我的抽奖 (GET /api/draw/record): every draw the company made, newest first, with where each prize
// went — so a buyer who closed the popup while it drew (SPEC §8: "check the personal center")
// finds the result here.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { drawRecordsQuery } from '../../api/lucky-draw';
import type { DrawPrizeKind, DrawRecordView } from '../../domain/lucky-draw';
import { formatDateTime } from '../../domain/time';
import { PagedTable, type Column } from '../../ui/paged-table';
import { SpaLink } from '../../ui/spa-link';
import { drawRecordsHref } from './draw-search';
import styles from './draw-records.module.css';

export const NO_DRAW_RECORDS_TEXT = '暂无抽奖记录';

/** Where a won prize is now (docs/decisions/lucky-draw.md "Crediting"). */
const PRIZE_PLACE: Record<DrawPrizeKind, { text: string; href: string } | null> = {
  coupon: { text: '已放入我的优惠券', href: '/wdqb_yhq' },
  points: { text: '已计入积分', href: '/wdqb_jfgl' },
  goods: { text: '随下一单发出', href: '/cart/step1' },
  none: null,
};

const COLUMNS: readonly Column<DrawRecordView>[] = [
  { header: '抽奖时间', cell: (r) => formatDateTime(r.created_at) },
  { header: '活动', cell: (r) => r.draw_name },
  { header: '奖品', cell: (r) => (r.remarks ? `${r.name}（${r.remarks}）` : r.name) },
  {
    header: '去向',
    cell: (r) => {
      const place = PRIZE_PLACE[r.kind];
      return place ? (
        <SpaLink href={place.href} className={styles.place}>
          {place.text}
        </SpaLink>
      ) : (
        '未中奖'
      );
    },
  },
];

export function DrawRecords({ page }: { page: number }) {
  const rows = useQuery({ ...drawRecordsQuery(page), placeholderData: keepPreviousData });
  return (
    <PagedTable
      rows={rows}
      caption="我的抽奖记录"
      columns={COLUMNS}
      rowKey={(r) => r.id}
      texts={{ loading: '正在加载抽奖记录…', failed: '抽奖记录加载失败', empty: NO_DRAW_RECORDS_TEXT }}
      page={page}
      hrefFor={drawRecordsHref}
    />
  );
}
