// /search (search_index, grid) and /search/table (search_table): the list screen for the URL's
// keywords and type (1 药品名称, 2 生产厂家), with the keywords marked in the dense views and a
// no-results help: tips and the hot search terms (CommonData.rnss). When the server cannot be
// reached, the results come from this device's catalogue snapshot (offline-search.tsx).
import { productRequestAddHref } from '../../domain/product-request-href';
import { useQuery } from '@tanstack/react-query';
import { commonDataQuery } from '../../api/common';
import type { SearchType } from '../../domain/contracts';
import { ListScreen } from './list-screen';
import { StatePanel } from './list-states';
import { OfflineSearchResults } from './offline-search';
import { pathViewHref, SEARCH_VIEW_PATHS, useListSearch, viewsOf } from './list-urls';
import { DEFAULT_LIST_SEARCH, serializeListSearch, type ListView } from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import styles from './search-page.module.css';

const SEARCH_VIEWS = viewsOf(SEARCH_VIEW_PATHS);
const searchHref = pathViewHref(SEARCH_VIEW_PATHS);

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = { 1: '药品名称', 2: '生产厂家' };
/** Hot terms shown in the help. */
const HOT_TERMS_SHOWN = 12;

export function searchHrefFor(keywords: string, type: SearchType): string {
  return '/search' + serializeListSearch({ ...DEFAULT_LIST_SEARCH, keywords, type });
}

function HotTerms() {
  const common = useQuery(commonDataQuery());
  const terms = common.data?.rnss.slice(0, HOT_TERMS_SHOWN) ?? [];
  if (terms.length === 0) return null;
  return (
    <div className={styles.hot}>
      <h2 className={styles.hotTitle}>热门搜索</h2>
      <ul className={styles.hotList}>
        {terms.map((term) => (
          <li key={term}>
            <SpaLink href={searchHrefFor(term, 1)} className={styles.hotTerm}>
              {term}
            </SpaLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The empty search's way into the 品种求购 form, with the keyword filled in. */
export const NOT_FOUND_LINK_TEXT = '没找到想要的？发布求购';

function NoResultsHelp({ keywords, type }: { keywords: string; type: SearchType }) {
  const other: SearchType = type === 1 ? 2 : 1;
  return (
    <div className={styles.help}>
      <p>
        没有找到与“<strong>{keywords}</strong>”相关的{type === 2 ? '生产厂家' : '商品'}，建议您：
      </p>
      <ul className={styles.tips}>
        <li>检查是否有错别字，或缩短关键词，如“感冒灵颗粒”改为“感冒灵”</li>
        <li>试试拼音首字母，如输入“gml”查找感冒灵</li>
        <li>
          <SpaLink href={searchHrefFor(keywords, other)}>
            改为按{SEARCH_TYPE_LABELS[other]}搜索“{keywords}”
          </SpaLink>
        </li>
        <li>
          <SpaLink href={productRequestAddHref(keywords)}>{NOT_FOUND_LINK_TEXT}</SpaLink>
        </li>
      </ul>
      <HotTerms />
    </div>
  );
}

function SearchPage({ view }: { view: ListView }) {
  const search = useListSearch();
  if (search.keywords === '') {
    return (
      <div className={styles.page}>
        <StatePanel title="请输入要搜索的药品名称或生产厂家">
          <p>支持拼音首字母搜索，如“gml”可找到感冒灵。</p>
          <HotTerms />
        </StatePanel>
      </div>
    );
  }
  const title = (
    <>
      搜索“<span className={styles.keyword}>{search.keywords}</span>”
      <span className={styles.typeNote}>按{SEARCH_TYPE_LABELS[search.type]}</span>
    </>
  );
  return (
    <ListScreen
      search={search}
      view={view}
      views={SEARCH_VIEWS}
      hrefFor={searchHref}
      title={title}
      rootLabel="全部分类"
      highlight={search.keywords}
      emptyHelp={<NoResultsHelp keywords={search.keywords} type={search.type} />}
      offlineResults={<OfflineSearchResults keywords={search.keywords} type={search.type} view={view} />}
    >
      <p className={styles.requestHint}>
        没找到想要的？<SpaLink href={productRequestAddHref(search.keywords)}>发布求购</SpaLink>，我们尽快为您采购上架。
      </p>
    </ListScreen>
  );
}

export default function SearchIndexPage() {
  return <SearchPage view="grid" />;
}

export function SearchTablePage() {
  return <SearchPage view="table" />;
}
