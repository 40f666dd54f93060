/**
 * The server's clock. A demo or test server may start it at a chosen instant (SHOP_CLOCK_START, ISO
 * 8601) from which it runs on: a browser test whose answer depends on the Shanghai day starts it
 * mid-morning instead of racing midnight. Production refuses the setting: its clock is the machine's.
 */
export function shopClock(start: string | undefined, production: boolean): () => Date {
  if (start === undefined) return () => new Date();
  if (production) throw new Error('SHOP_CLOCK_START is for demo and test servers only; remove it in production');
  const at = Date.parse(start);
  if (Number.isNaN(at)) throw new Error(`SHOP_CLOCK_START must be an ISO 8601 instant, got ${start}`);
  const offset = at - Date.now();
  return () => new Date(Date.now() + offset);
}
