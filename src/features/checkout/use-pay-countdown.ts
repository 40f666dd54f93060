// Seconds left to pay (OrderDetail.expires_in, counted from when that answer arrived), ticking
// every CLOCK_TICK_MS (SPEC §4 clock) and calling `onEnd` once when it reaches zero while open.
import { useEffect, useRef, useState } from 'react';
import { CLOCK_TICK_MS } from '../../domain/constants';
import { splitCountdown } from '../../domain/time';

export function usePayCountdown(expiresIn: number | null, receivedAtMs: number, onEnd?: () => void): number | null {
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  const left = () =>
    expiresIn === null ? null : Math.max(0, expiresIn - Math.floor((Date.now() - receivedAtMs) / 1000));
  const [seconds, setSeconds] = useState(left);

  useEffect(() => {
    if (expiresIn === null) {
      setSeconds(null);
      return;
    }
    const endMs = receivedAtMs + expiresIn * 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (first: boolean) => {
      const ms = endMs - Date.now();
      if (ms <= 0) {
        setSeconds(0);
        if (!first) onEndRef.current?.();
        return;
      }
      setSeconds(Math.ceil(ms / 1000));
      timer = setTimeout(() => tick(false), ms % CLOCK_TICK_MS || CLOCK_TICK_MS);
    };
    tick(true);
    return () => clearTimeout(timer);
  }, [expiresIn, receivedAtMs]);

  return seconds;
}

/** 1小时05分09秒 / 05分09秒 */
export function countdownText(seconds: number): string {
  const { days, hours, minutes, seconds: s } = splitCountdown(seconds);
  const pad = (n: number) => n.toString().padStart(2, '0');
  const h = days * 24 + hours;
  return `${h > 0 ? `${h}小时` : ''}${pad(minutes)}分${pad(s)}秒`;
}
