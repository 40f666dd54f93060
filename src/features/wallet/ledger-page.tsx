// /yegl 余额管理 and /jfgl 积分管理: what the wallet holds now (GET /api/user/user_money) and its
// ledger (GET /api/user/user_money_log, /api/user/points_log) with the SPEC §3 filters in the URL
// and the income and expense over everything the filters match. The ledger is append-only: every
// change of the balance or the points is a row here.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ledgerQuery, walletSummaryQuery } from '../../api/wallet';
import { formatFen, formatPrice } from '../../domain/money';
import { formatDateTime } from '../../domain/time';
import { ledgerDateErrors, type LedgerAccount, type LedgerEntryView } from '../../domain/wallet';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { PagedTable, type Column } from '../../ui/paged-table';
import { SpaLink } from '../../ui/spa-link';
import { StateBlock } from '../../ui/state-block';
import { useRouteSearch } from '../../widgets/route-search';
import { LedgerFilters } from './ledger-filters';
import { WalletNav } from './wallet-nav';
import { balanceLedgerSearch, pointsLedgerSearch } from './wallet-search-schema';
import { ledgerHref } from './wallet-urls';
import styles from './wallet.module.css';

interface AccountText {
  title: string;
  held: string;
  note: string;
  empty: string;
  /** An amount as this account counts it. */
  amount: (n: number) => string;
}

const TEXT: Record<LedgerAccount, AccountText> = {
  balance: {
    title: '余额管理',
    held: '可用余额',
    note: '余额可在结算时抵扣订单金额；退款原路退回余额。充值请通过对公转账，或联系您的客户经理。',
    empty: '没有符合条件的余额明细',
    amount: (fen) => formatPrice(fen),
  },
  points: {
    title: '积分管理',
    held: '当前积分',
    note: '订单确认收货后，按实付金额每1元赠送1积分；积分可在积分商城兑换礼品。',
    empty: '没有符合条件的积分明细',
    amount: (n) => String(n),
  },
};

/** A signed change: +¥50.00 / -¥12.30 for money, +128 / -300 for points. */
function signed(account: LedgerAccount, n: number): string {
  const abs = account === 'balance' ? formatPrice(Math.abs(n)) : String(Math.abs(n));
  return `${n >= 0 ? '+' : '-'}${abs}`;
}

function columns(account: LedgerAccount): Column<LedgerEntryView>[] {
  return [
    { header: '时间', cell: (e) => formatDateTime(e.created_at), className: styles.mono },
    { header: '类型', cell: (e) => e.use_type_text },
    {
      header: account === 'balance' ? '收支金额' : '积分变动',
      cell: (e) => (
        <span className={e.amount >= 0 ? styles.income : styles.expense} data-sign={e.amount >= 0 ? 'in' : 'out'}>
          {signed(account, e.amount)}
        </span>
      ),
      className: styles.mono,
    },
    {
      header: account === 'balance' ? '余额' : '积分余额',
      cell: (e) => TEXT[account].amount(e.balance_after),
      className: styles.mono,
    },
    {
      header: '关联订单',
      cell: (e) =>
        e.order_id !== null && e.order_no ? <SpaLink href={`/order/info/${e.order_id}`}>{e.order_no}</SpaLink> : '—',
    },
    { header: '备注', cell: (e) => e.remark || '—' },
  ];
}

const COLUMNS: Record<LedgerAccount, Column<LedgerEntryView>[]> = {
  balance: columns('balance'),
  points: columns('points'),
};
const SCHEMA = { balance: balanceLedgerSearch, points: pointsLedgerSearch };

function LedgerPage({ account }: { account: LedgerAccount }) {
  const search = useRouteSearch(SCHEMA[account]);
  const router = useRouter();
  const text = TEXT[account];
  const dateErrors = ledgerDateErrors(search.start_time, search.end_time);
  const refused = dateErrors.start_time ?? dateErrors.end_time;
  const summary = useQuery(walletSummaryQuery());
  const ledger = useQuery({ ...ledgerQuery(account, search), placeholderData: keepPreviousData, enabled: !refused });
  const held = summary.data ? (account === 'balance' ? summary.data.balance : summary.data.points) : null;
  const titleId = `wallet-${account}-title`;

  return (
    <PageFrame aria-labelledby={titleId}>
      <PageHeader titleId={titleId} title={text.title} />
      <WalletNav current={account} />
      <div className={styles.summary}>
        <div>
          <span className={styles.summaryLabel}>{text.held}</span>
          <strong className={styles.summaryValue} data-testid="wallet-held">
            {held === null ? '—' : account === 'balance' ? formatFen(held) : held}
          </strong>
          {account === 'balance' && held !== null && <span className={styles.summaryUnit}>元</span>}
        </div>
        <p className={styles.summaryNote}>
          {text.note}
          {account === 'points' && (
            <>
              {' '}
              <SpaLink href="/jfsc">去积分商城</SpaLink>
            </>
          )}
        </p>
      </div>
      <LedgerFilters
        key={ledgerHref(account, search)}
        account={account}
        search={search}
        onSearch={(v) => void router.navigate({ href: ledgerHref(account, { ...v, page: 1 }) })}
      />
      {refused ? (
        <StateBlock kind="failed" text={refused} />
      ) : (
        <>
          {ledger.data && (
            <p className={styles.totals} aria-live="polite">
              共 {ledger.data.total} 条，收入 <span className={styles.income}>{text.amount(ledger.data.income)}</span>
              ，支出 <span className={styles.expense}>{text.amount(ledger.data.expense)}</span>
            </p>
          )}
          <PagedTable
            rows={ledger}
            caption={account === 'balance' ? '余额明细' : '积分明细'}
            columns={COLUMNS[account]}
            rowKey={(e) => e.id}
            texts={{ loading: '正在加载明细…', failed: '明细加载失败', empty: text.empty }}
            page={search.page}
            hrefFor={(page) => ledgerHref(account, { ...search, page })}
          />
        </>
      )}
    </PageFrame>
  );
}

export function BalanceLedgerPage() {
  return <LedgerPage account="balance" />;
}

export function PointsLedgerPage() {
  return <LedgerPage account="points" />;
}
