// /cjjl 我的抽奖 (member centre): every draw of the company, paged (GET /api/draw/record), and the
// way to the draw page.
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { SpaLink } from '../../ui/spa-link';
import { useRouteSearch } from '../../widgets/route-search';
import { DrawRecords } from './draw-records';
import { drawRecordsSearch } from './draw-search';

export default function DrawRecordsPage() {
  const { page } = useRouteSearch(drawRecordsSearch);
  return (
    <PageFrame aria-labelledby="cjjl-title">
      <PageHeader
        titleId="cjjl-title"
        title="我的抽奖"
        note="抽中的优惠券、积分即时到账，商品奖品随下一单发出"
        actions={
          <SpaLink href="/xycj" className={buttonClass('outline', { size: 'sm' })}>
            去抽奖
          </SpaLink>
        }
      />
      <DrawRecords page={page} />
    </PageFrame>
  );
}
