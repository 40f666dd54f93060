// /list (list_index, image grid), /list/table (list_table, dense table), /list/no_image
// (list_no_image, compact rows) and /list/other/:id/:name? (one category's goods). The category
// menu sends buyers here as /list?category_id=… (via /loading on list routes, SPEC §2).
import { useEffect } from 'react';
import { useParams } from '@tanstack/react-router';
import { SITE_TITLE } from '../../domain/constants';
import { ListScreen } from './list-screen';
import { StatePanel } from './list-states';
import {
  ALL_VIEWS,
  LIST_VIEW_PATHS,
  pathViewHref,
  positiveParam,
  seededCategoryHref,
  useListSearch,
  viewsOf,
} from './list-urls';
import type { ListView } from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import styles from './list-screen.module.css';

const LIST_VIEWS = viewsOf(LIST_VIEW_PATHS);
const listHref = pathViewHref(LIST_VIEW_PATHS);

function ListPage({ view }: { view: ListView }) {
  const search = useListSearch();
  return <ListScreen search={search} view={view} views={LIST_VIEWS} hrefFor={listHref} />;
}

export default function ListIndexPage() {
  return <ListPage view="grid" />;
}

export function ListTablePage() {
  return <ListPage view="table" />;
}

export function ListNoImagePage() {
  return <ListPage view="no_image" />;
}

/** /list/other/:id/:name? — the goods of category `id`, titled `name` when given. */
export function ListOtherPage() {
  const params: { id?: string; name?: string } = useParams({ strict: false });
  const parsed = useListSearch();
  const id = positiveParam(params.id);
  const name = params.name?.trim() || undefined;

  useEffect(() => {
    if (name) document.title = `${name} - ${SITE_TITLE}`;
  }, [name]);

  if (id === undefined) {
    return (
      <div className={styles.screen}>
        <StatePanel title="分类不存在">
          <p className={styles.stateActions}>
            <SpaLink href="/list" className={styles.primaryLink}>
              查看全部商品
            </SpaLink>
          </p>
        </StatePanel>
      </div>
    );
  }
  const ownPath = `/list/other/${id}${name ? `/${encodeURIComponent(name)}` : ''}`;
  const hrefFor = seededCategoryHref(ownPath, id, listHref);
  return (
    <ListScreen
      search={{ ...parsed, category_id: id }}
      view={parsed.view}
      views={ALL_VIEWS}
      hrefFor={hrefFor}
      title={name}
    />
  );
}
