// /kjcg 快捷采购 (SPEC §2 self-service; issue 19): reorder from the purchase history, paste a list
// from a spreadsheet or scan codes, or reorder a saved 常购清单 — each in one request to the cart,
// and all of it offline too (the device's history, lists and catalogue snapshot; adds go to the
// cart draft and the outbox and reach the server exactly once).
import { useRouteSearch } from '../../widgets/route-search';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { TabBar } from '../../ui/tab-bar';
import { HistoryTab } from './history-tab';
import { ListsTab } from './lists-tab';
import { PasteTab } from './paste-tab';
import { quickPurchaseSearch, type QuickPurchaseTab } from './quick-purchase-search';
import { quickPurchaseHref } from './quick-purchase-urls';

const TABS: readonly { tab: QuickPurchaseTab; label: string }[] = [
  { tab: 'history', label: '购买记录' },
  { tab: 'paste', label: '粘贴清单' },
  { tab: 'lists', label: '常购清单' },
];

export default function QuickPurchasePage() {
  const search = useRouteSearch(quickPurchaseSearch);
  return (
    <PageFrame aria-labelledby="kjcg-title">
      <PageHeader titleId="kjcg-title" title="快捷采购" note="常购商品一次加购，支持从 Excel 粘贴清单和扫码枪录入" />
      <TabBar
        label="快捷采购方式"
        tabs={TABS.map((t) => ({
          key: t.tab,
          href: quickPurchaseHref({ tab: t.tab }),
          content: t.label,
          current: search.tab === t.tab,
        }))}
      />
      {search.tab === 'history' && <HistoryTab search={search} />}
      {search.tab === 'paste' && <PasteTab />}
      {search.tab === 'lists' && <ListsTab />}
    </PageFrame>
  );
}
