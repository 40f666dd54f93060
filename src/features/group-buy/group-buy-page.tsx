// /ptzq 拼团专区: every running group buy with its progress and countdown on the server clock
// (SPEC §4: the offset of the answer's timestamp to the client clock, so a wrong client clock
// changes nothing). Joining adds a group line to the cart; the order is paid like any other and
// the difference to the group price comes back when the group forms (docs/decisions/group-buy.md).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { groupBuyQuery } from '../../api/group-buy';
import { secondsLeft, toMillis } from '../../domain/time';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { StateBlock } from '../../ui/state-block';
import { useNow } from '../../ui/use-now';
import { buttonClass } from '../../ui/button';
import { GroupBuyCard } from './group-buy-card';
import styles from './group-buy.module.css';

export default function GroupBuyPage() {
  const query = useQuery(groupBuyQuery());
  const now = useNow();
  const data = query.data;
  const offset = data ? toMillis(data.timestamp) - query.dataUpdatedAt : 0;
  const serverNow = now + offset;
  const ended = data?.list.some((g) => secondsLeft(toMillis(g.ends_at), serverNow) <= 0) ?? false;
  const { refetch } = query;
  // A group reaching its end time leaves the list: ask the server once it does.
  useEffect(() => {
    if (ended) void refetch();
  }, [ended, refetch]);

  return (
    <PageFrame aria-labelledby="group-buy-title">
      <PageHeader
        titleId="group-buy-title"
        title="拼团专区"
        note="先按会员价下单，活动结束时累计数量达到成团数量，差价自动退回钱包余额"
      />
      {query.isPending ? (
        <StateBlock kind="loading" text="正在加载拼团活动…" />
      ) : query.isError ? (
        <StateBlock
          kind="failed"
          text="拼团活动加载失败"
          action={
            <button type="button" className={buttonClass('secondary')} onClick={() => void refetch()}>
              重试
            </button>
          }
        />
      ) : data!.list.length === 0 ? (
        <StateBlock kind="empty" text="当前没有进行中的拼团活动" />
      ) : (
        <ul className={styles.list}>
          {data!.list.map((g) => (
            <GroupBuyCard
              key={`${g.promotion_id}:${g.id}`}
              item={g}
              secondsLeft={secondsLeft(toMillis(g.ends_at), serverNow)}
            />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
