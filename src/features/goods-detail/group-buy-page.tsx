// /list_info_pt/:id (alias /list/info-pt/:id): goods detail with its running group buy (拼团),
// or the normal detail when there is none.
import { GoodsDetailScreen } from './detail-screen';

export default function GroupBuyDetailPage() {
  return <GoodsDetailScreen groupBuy />;
}
