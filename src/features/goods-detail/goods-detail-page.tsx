// /list_info/:id (alias /list/info/:id): goods detail.
import { GoodsDetailScreen } from './detail-screen';

export default function GoodsDetailPage() {
  return <GoodsDetailScreen />;
}
