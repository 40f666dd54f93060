// The goods detail screen shared by /list/info/:id and the group-buy variant /list/info-pt/:id.
// Data: GET goods/detail/{id} (its 404 envelope is this page's "not found" state, not a global
// alert) and GET goods/activities in parallel. A detail loaded online goes into the buyer's
// catalogue snapshot (src/local) as its list card, for offline search and the offline cart.
import { useEffect, useState } from 'react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../http/client';
import { goodsActivitiesQuery, goodsDetailQuery } from '../../api/goods';
import { userBaseQuery } from '../../api/user';
import type { GoodsActivity, GoodsDetail, GoodsListItem } from '../../domain/catalog';
import { forgetSeenGoods, rememberSeenGoods } from '../../local';
import { formatPrice } from '../../domain/money';
import { quantityRulesFor } from '../../domain/quantity';
import { FavoriteButton } from '../../widgets/goods/favorite-button';
import { AskServiceButton } from '../../widgets/chat/ask-service-button';
import { GoodsAlertButtons } from '../../widgets/goods/goods-alert-buttons';
import { LadderTable } from '../../ui/goods/ladder-table';
import { PriceTag } from '../../widgets/goods/price-tag';
import { TagBadges } from '../../ui/goods/tag-badges';
import { SpaLink } from '../../ui/spa-link';
import { activeGroupBuy, type GroupBuyInfo } from './activities';
import { ActivityList } from './activity-list';
import { Gallery } from './gallery';
import { GoodsFacts, PurchaseNotices } from './goods-facts';
import { GoodsLoadFailed, GoodsMissing } from './goods-missing';
import { GroupBuyPanel } from './group-buy-panel';
import { PromotionAddControl } from './promotion-add';
import { useGoodsId } from './use-goods-id';
import { useGoodsTitle } from './use-goods-title';
import styles from './goods-detail.module.css';

const NOT_FOUND_STATUS = 404;
const EMPTY_ACTIVITIES: readonly GoodsActivity[] = [];

export function isMissingGoods(error: unknown): boolean {
  return isApiError(error) && (error.status === NOT_FOUND_STATUS || error.code === NOT_FOUND_STATUS);
}

/**
 * SPEC §6: the quality-inspection link when the user record has one, else its message. The shop's
 * own report search (/jybg) opens in place, already searching this goods' batch.
 */
function QualityInspection({ goods }: { goods: GoodsDetail }) {
  const qi = useQuery({
    ...userBaseQuery(),
    select: (u) => u.quality_inspection,
    refetchOnMount: false,
    retryOnMount: false,
  }).data;
  if (!qi || (!qi.quality_inspection_url && !qi.msg)) return null;
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel}>质检报告</span>
      {qi.quality_inspection_url.startsWith('/') && !qi.quality_inspection_url.startsWith('//') ? (
        <SpaLink
          className={styles.inlineLink}
          href={`${qi.quality_inspection_url}?keywords=${encodeURIComponent(goods.batch_no || goods.name)}`}
        >
          查看本批次药检报告
        </SpaLink>
      ) : qi.quality_inspection_url ? (
        <a className={styles.inlineLink} href={qi.quality_inspection_url} target="_blank" rel="noopener noreferrer">
          查看质检报告
        </a>
      ) : (
        <span className={styles.muted}>{qi.msg}</span>
      )}
    </div>
  );
}

function Breadcrumbs({ goods }: { goods: GoodsDetail }) {
  return (
    <nav className={styles.crumbs} aria-label="当前位置">
      <ol>
        <li>
          <Link to="/">首页</Link>
        </li>
        {goods.category_path.map((c) => (
          <li key={c.id}>
            <Link to="/list" search={{ category_id: c.id }}>
              {c.name}
            </Link>
          </li>
        ))}
        <li aria-current="page">{goods.name}</li>
      </ol>
    </nav>
  );
}

function Skeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className={styles.srOnly} role="status">
        商品信息加载中…
      </p>
      <div className={styles.top}>
        <div className={`${styles.gallery} ${styles.skeletonBlock}`} />
        <div className={styles.info}>
          <div className={styles.skeletonLine} />
          <div className={styles.skeletonLine} style={{ width: '40%' }} />
          <div className={styles.skeletonBox} />
        </div>
      </div>
    </div>
  );
}

function Detail({
  goods,
  activities,
  groupBuyPage,
}: {
  goods: GoodsDetail;
  activities: readonly GoodsActivity[];
  groupBuyPage: boolean;
}) {
  const [quantity, setQuantity] = useState(() => quantityRulesFor(goods).min);
  const now = new Date();
  const group: GroupBuyInfo | null = groupBuyPage ? activeGroupBuy(activities, now.getTime()) : null;
  const images = goods.images.length > 0 ? goods.images : [goods.goods_image];
  return (
    <div className={styles.page}>
      <Breadcrumbs goods={goods} />
      <div className={styles.top}>
        <Gallery images={images} name={goods.name} />
        <div className={styles.info}>
          <h1 className={styles.title}>
            <TagBadges tags={goods.tags} /> <span>{goods.name}</span>
          </h1>
          {goods.common_name && goods.common_name !== goods.name && (
            <p className={styles.subtitle}>通用名：{goods.common_name}</p>
          )}
          {groupBuyPage && !group && (
            <p className={styles.muted}>该商品当前没有进行中的拼团活动，以下为普通采购信息。</p>
          )}
          {group && <GroupBuyPanel info={group} showPrice={goods.price !== null} unit={goods.bzdw} />}

          <div className={styles.priceBox}>
            <div className={styles.row}>
              <span className={styles.rowLabel}>供货价</span>
              <PriceTag price={goods.price} basePrice={goods.base_price} unit={goods.bzdw} size="lg" />
            </div>
            {goods.retail_price !== null && goods.retail_price > 0 && (
              <div className={styles.row}>
                <span className={styles.rowLabel}>建议零售价</span>
                <span className={styles.retail}>{formatPrice(goods.retail_price)}</span>
              </div>
            )}
            {goods.price !== null && goods.ladder_price.length > 0 && (
              <div className={styles.row}>
                <span className={styles.rowLabel}>阶梯价</span>
                <LadderTable basePrice={goods.price} steps={goods.ladder_price} unit={goods.bzdw} current={quantity} />
              </div>
            )}
            <ActivityList activities={activities} goodsId={goods.id} groupBuyPage={groupBuyPage} />
          </div>

          <GoodsFacts goods={goods} now={now} />
          <PurchaseNotices goods={goods} />

          <div className={styles.buy}>
            <PromotionAddControl
              goods={goods}
              activities={activities}
              groupBuyPage={groupBuyPage}
              quantity={quantity}
              onQuantityChange={setQuantity}
            />
            <FavoriteButton goodsId={goods.id} isFavorite={goods.is_favorite} />
            <GoodsAlertButtons goods={goods} />
            <AskServiceButton about={{ goods_id: goods.id }} />
          </div>
          <QualityInspection goods={goods} />
        </div>
      </div>

      <section className={styles.more} aria-labelledby="goods-more-title">
        <h2 id="goods-more-title" className={styles.moreTitle}>
          商品说明
        </h2>
        <dl className={styles.moreList}>
          <div>
            <dt>商品名称</dt>
            <dd>{goods.name}</dd>
          </div>
          {goods.brand && (
            <div>
              <dt>品牌</dt>
              <dd>
                <Link to={`/ppzq/info/${goods.brand.id}`} className={styles.inlineLink}>
                  {goods.brand.name}
                </Link>
              </dd>
            </div>
          )}
          {goods.category_path.length > 0 && (
            <div>
              <dt>分类</dt>
              <dd>{goods.category_path.map((c) => c.name).join(' > ')}</dd>
            </div>
          )}
          <div>
            <dt>贮藏</dt>
            <dd>{goods.storage || '—'}</dd>
          </div>
        </dl>
        <div className={styles.description}>{goods.description || '暂无商品说明。'}</div>
      </section>
    </div>
  );
}

/** The list card inside a detail: the snapshot stores cards, not the long description and pictures. */
export function cardOfDetail(detail: GoodsDetail): GoodsListItem {
  const { images, description, storage, dosage_form, barcode, category_path, brand, ...card } = detail;
  return card;
}

function Loaded({ id, groupBuyPage }: { id: number; groupBuyPage: boolean }) {
  const detail = useQuery(goodsDetailQuery(id));
  const activities = useQuery(goodsActivitiesQuery(id));
  useGoodsTitle(detail.data?.name);
  const seen = detail.data;
  useEffect(() => {
    // Fire and forget, after paint; answers served from the worker's cache offline are not news.
    if (seen && onlineManager.isOnline()) rememberSeenGoods([cardOfDetail(seen)]);
  }, [seen]);
  const missing = detail.isError && isMissingGoods(detail.error);
  useEffect(() => {
    // Retired or deleted: the device's copy must not keep offering it offline (issue 32).
    if (missing && onlineManager.isOnline()) forgetSeenGoods([id]);
  }, [missing, id]);
  if (detail.isPending) return <Skeleton />;
  if (detail.isError) {
    return isMissingGoods(detail.error) ? <GoodsMissing /> : <GoodsLoadFailed onRetry={() => void detail.refetch()} />;
  }
  return (
    <Detail
      key={detail.data.id}
      goods={detail.data}
      activities={activities.data ?? EMPTY_ACTIVITIES}
      groupBuyPage={groupBuyPage}
    />
  );
}

export function GoodsDetailScreen({ groupBuy = false }: { groupBuy?: boolean }) {
  const id = useGoodsId();
  if (id === null) return <GoodsMissing />;
  return <Loaded key={id} id={id} groupBuyPage={groupBuy} />;
}
