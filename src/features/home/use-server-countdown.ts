// The SPEC §4 clock and countdown helper on server time: the remaining whole seconds until
// `endSec`, ticking every CLOCK_TICK_MS, ending at zero and calling `onEnd` once. The server's
// clock is what counts (a flash sale opens when the server says so), so the hook only trusts the
// client clock for *elapsed* time: offset = server now − client now at the moment the answer
// arrived; a client clock hours off changes nothing.
import { useEffect, useRef, useState } from 'react';
import { CLOCK_TICK_MS } from '../../domain/constants';
import { secondsLeft, toMillis } from '../../domain/time';

/**
 * @param endSec       server timestamp to count down to (SPEC §9: 10 digits = seconds, else ms)
 * @param serverNowSec the server's "now" from the same answer (e.g. FlashSale.timestamp)
 * @param onEnd        called once when the countdown reaches zero while running (e.g. refetch);
 *                     a countdown that is already over when anchored does not call it, so a
 *                     refetch that returns the same ended sale cannot loop
 * @param receivedAtMs client time the answer arrived (react-query's `dataUpdatedAt`); without it
 *                     the moment the values were first seen — wrong for an answer read from cache
 * @returns remaining whole seconds, never below zero
 */
export function useServerCountdown(
  endSec: number,
  serverNowSec: number,
  onEnd?: () => void,
  receivedAtMs?: number,
): number {
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  const endMs = toMillis(endSec);
  const serverNowMs = toMillis(serverNowSec);
  const [left, setLeft] = useState(() => secondsLeft(endMs, serverNowMs + (Date.now() - (receivedAtMs ?? Date.now()))));

  useEffect(() => {
    const offsetMs = serverNowMs - (receivedAtMs ?? Date.now());
    const remainingMs = () => endMs - (Date.now() + offsetMs);
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tick = (first: boolean) => {
      const ms = remainingMs();
      if (ms <= 0) {
        setLeft(0);
        if (!first) onEndRef.current?.();
        return;
      }
      setLeft(secondsLeft(endMs, endMs - ms));
      // Ticks land on the end time's whole-second boundaries, so zero is shown (and onEnd runs)
      // at the end itself, not up to a second early; recomputing each tick absorbs timer drift.
      timer = setTimeout(() => tick(false), ms % CLOCK_TICK_MS || CLOCK_TICK_MS);
    };
    tick(true);
    return () => clearTimeout(timer);
  }, [endMs, serverNowMs, receivedAtMs]);

  return left;
}
