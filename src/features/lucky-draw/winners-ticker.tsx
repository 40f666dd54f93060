// 中奖名单 (GET /api/draw/new_record?id=): the draw's latest wins scrolling upwards, companies
// masked by the server. The list is drawn twice so the loop has no seam; the copy is hidden from
// assistive technology, which reads the first list once. Hovering pauses it, and a buyer who asked
// for less motion gets the whole list standing still.
import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { drawWinnersQuery } from '../../api/lucky-draw';
import type { DrawWinner } from '../../domain/lucky-draw';
import { formatDateTime } from '../../domain/time';
import styles from './winners-ticker.module.css';

/** Seconds one row stays in view while the list scrolls by. */
const SECONDS_PER_ROW = 2.5;
/** Rows the window shows; a list that fits does not move. */
const ROWS_SHOWN = 3;

export const NO_WINNERS_TEXT = '快来抽奖，成为第一位中奖者！';

function WinnerRows({ winners, copy }: { winners: readonly DrawWinner[]; copy?: boolean }) {
  return (
    <ul className={styles.rows} aria-hidden={copy || undefined}>
      {winners.map((w, i) => (
        <li key={`${i}-${w.created_at}`} className={styles.row}>
          <span className={styles.company}>{w.company}</span>
          <span>
            抽中了<b className={styles.prize}>{w.name}</b>
          </span>
          <time className={styles.time}>{formatDateTime(w.created_at)}</time>
        </li>
      ))}
    </ul>
  );
}

export function WinnersTicker({ drawId }: { drawId: number }) {
  const query = useQuery(drawWinnersQuery(drawId));
  const winners = query.data ?? [];
  const moving = winners.length > ROWS_SHOWN;
  const style = { '--ticker-seconds': `${winners.length * SECONDS_PER_ROW}s` } as CSSProperties;
  return (
    <section className={styles.ticker} aria-label="中奖名单">
      <h2 className={styles.title}>中奖名单</h2>
      {query.isPending ? (
        <p className={styles.empty}>中奖名单加载中…</p>
      ) : winners.length === 0 ? (
        <p className={styles.empty}>{NO_WINNERS_TEXT}</p>
      ) : (
        <div className={styles.window}>
          <div
            className={moving ? `${styles.track} ${styles.moving}` : styles.track}
            style={style}
            data-moving={moving || undefined}
          >
            <WinnerRows winners={winners} />
            {moving && <WinnerRows winners={winners} copy />}
          </div>
        </div>
      )}
    </section>
  );
}
