// The popup's draw as a small state machine (SPEC §4 "Lucky draw popup"): 开始抽奖 shows the
// loading state at once and the result no earlier than DRAW_RESULT_DELAY_MS after the press,
// however fast the server answers; closing while it runs asks first (SPEC §8 text); closing
// plays DRAW_CLOSE_ANIMATION_MS before the popup goes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAW_CLOSE_ANIMATION_MS, DRAW_RESULT_DELAY_MS } from '../../domain/constants';
import { DRAW_CLOSE_CONFIRM, type DrawResult } from '../../domain/lucky-draw';
import { alert } from '../../ui/alert-dialog';

export type DrawPhase = 'idle' | 'drawing' | 'result';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks whether to close while the draw runs; true = close. */
export async function confirmCloseWhileDrawing(): Promise<boolean> {
  let close = false;
  await alert.open({
    message: DRAW_CLOSE_CONFIRM,
    actions: [{ label: '继续抽奖' }, { label: '确定关闭', onClick: () => (close = true) }],
  });
  return close;
}

export function useDrawRun(draw: () => Promise<DrawResult>, onClosed: () => void) {
  const [phase, setPhase] = useState<DrawPhase>('idle');
  const [result, setResult] = useState<DrawResult | null>(null);
  const [closing, setClosing] = useState(false);
  const phaseRef = useRef<DrawPhase>('idle');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const move = (next: DrawPhase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  const start = useCallback(async () => {
    if (phaseRef.current === 'drawing') return;
    move('drawing');
    setResult(null);
    try {
      const [answer] = await Promise.all([draw(), wait(DRAW_RESULT_DELAY_MS)]);
      if (!mounted.current) return;
      setResult(answer);
      move('result');
    } catch {
      // The shared error presenter already showed why (no chance left, draw over …).
      if (mounted.current) move('idle');
    }
  }, [draw]);

  const close = useCallback(async () => {
    if (phaseRef.current === 'drawing' && !(await confirmCloseWhileDrawing())) return;
    setClosing(true);
    await wait(DRAW_CLOSE_ANIMATION_MS);
    if (mounted.current) onClosed();
  }, [onClosed]);

  return { phase, result, closing, start, close };
}
