// The two moves at the end of a quick-purchase toolbar: 保存为常购清单 and 加入购物车 with the count
// of chosen lines. Both wait for at least one line and for every quantity to be a whole number;
// adding also waits for the previous add to finish.
import { buttonClass } from '../../ui/button';

interface Props {
  /** Lines that would be saved or added. */
  count: number;
  /** Some chosen quantity is not a whole number ≥ 1. */
  invalid: boolean;
  pending: boolean;
  /** 加入购物车 or 全部加入购物车 (the paste tab adds every matched line). */
  addText: string;
  onSave: () => void;
  onAdd: () => void;
}

export function LinesButtons({ count, invalid, pending, addText, onSave, onAdd }: Props) {
  return (
    <>
      <button
        type="button"
        className={buttonClass('outline', { size: 'sm' })}
        disabled={count === 0 || invalid}
        onClick={onSave}
      >
        保存为常购清单
      </button>
      <button
        type="button"
        className={buttonClass('primary', { size: 'sm' })}
        disabled={count === 0 || invalid || pending}
        onClick={onAdd}
      >
        {pending ? '正在加入…' : `${addText}（${count}）`}
      </button>
    </>
  );
}
