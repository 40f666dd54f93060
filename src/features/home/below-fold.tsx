// Everything under the zone entrances, in its own chunk (loaded when the browser is idle after
// first paint): the goods kit, the flash-sale clock and four more queries stay off the home
// route's first-paint JS (DESIGN.md budget). Sections are ordered so the ones that may collapse
// (flash sale: known before this renders; 专场 and newcomer banners) move as little as possible.
import { BrandStrip } from './brand-strip';
import { FlashSaleStrip } from './flash-sale-strip';
import { HotGoods } from './hot-goods';
import { NewcomerStrip } from './newcomer-strip';
import { Recommendations } from './recommendations';
import { SpecialStrip } from './special-strip';
import styles from './sections.module.css';

export default function BelowFold() {
  return (
    <>
      <FlashSaleStrip />
      <div className={styles.goodsRow}>
        <Recommendations />
        <HotGoods />
      </div>
      <SpecialStrip />
      <NewcomerStrip />
      <BrandStrip />
    </>
  );
}
