// Goods shapes for the goods UI, detail and favourites component tests.
import type { GoodsDetail, GoodsListItem } from '../../src/domain/catalog';

export function makeGoods(over: Partial<GoodsListItem> = {}): GoodsListItem {
  return {
    id: 7,
    name: '感冒灵颗粒',
    sccj: '华润三九医药股份有限公司',
    ypgg: '10g*9袋',
    bzdw: '盒',
    zbz: 10,
    goods_image: '/img/goods-7.svg',
    price: 1250,
    base_price: 1500,
    number: 500,
    is_buy: 1,
    tags: ['秒', '新'],
    common_name: '感冒灵颗粒',
    approval_no: '国药准字Z44021940',
    batch_no: '2405012',
    produced_on: '2024-05-01',
    expires_on: '2099-04-30',
    retail_price: 1980,
    ladder_price: [
      { id: 31, number: 10, price: 1200 },
      { id: 32, number: 50, price: 1150 },
    ],
    ladder_price_type: 0,
    mid_pack_strict: 0,
    jzl: 200,
    min_buy: 1,
    purchase_limit: 0,
    is_free_shipping: 0,
    free_shipping_number: 0,
    is_dpby: 0,
    qg_number: 0,
    is_youx: 0,
    is_jxq: 0,
    is_kx: 0,
    is_zy: 0,
    is_qx: 0,
    is_rx: 0,
    is_ephedrine: 0,
    ephedrine_limit: 0,
    type: 0,
    ck_id: 3,
    ck_name: '广州仓',
    brand_id: 1,
    sales: 1200,
    is_favorite: 0,
    ...over,
  };
}

export function makeDetail(over: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    ...makeGoods(),
    images: ['/img/goods-7-a.svg', '/img/goods-7-b.svg'],
    description: '用于感冒引起的头痛，发热，鼻塞，流涕，咽痛。',
    storage: '密封，置阴凉干燥处。',
    dosage_form: '颗粒剂',
    barcode: '6901234567890',
    category_path: [
      { id: 1, name: '西药' },
      { id: 11, name: '感冒发热' },
      { id: 12, name: '感冒用药' },
    ],
    brand: { id: 1, name: '999', logo: '/img/brand-0.svg' },
    ...over,
  };
}
