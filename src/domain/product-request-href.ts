// The way into the 品种求购 form with a name already typed: the search page's "没找到想要的？"
// link and the form's search schema agree on `keyword` here.
export const PRODUCT_REQUEST_ADD_PATH = '/pzqg/add';

export function productRequestAddHref(keyword = ''): string {
  const k = keyword.trim();
  return k === '' ? PRODUCT_REQUEST_ADD_PATH : `${PRODUCT_REQUEST_ADD_PATH}?keyword=${encodeURIComponent(k)}`;
}
