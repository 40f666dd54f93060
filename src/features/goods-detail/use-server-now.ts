// The detail page's clock on server time (SPEC §4 "Clock … from a server timestamp"), the way the
// home flash strip counts: the client clock is trusted only for elapsed time. The offset is the
// shell's common data timestamp (GET /api/focus/common, already loaded by the header) minus the
// moment that answer arrived; until it is there the device clock stands in.
import { useQuery } from '@tanstack/react-query';
import { commonDataQuery } from '../../api/common';
import { toMillis } from '../../domain/time';
import { useNow } from '../../ui/use-now';

/** Server time offset (ms) from a timestamp and the client time its answer arrived. */
export function serverOffsetMs(serverTimestamp: number | undefined, receivedAtMs: number): number {
  return serverTimestamp && serverTimestamp > 0 && receivedAtMs > 0 ? toMillis(serverTimestamp) - receivedAtMs : 0;
}

export function useServerNow(): number {
  const now = useNow();
  const common = useQuery(commonDataQuery());
  return now + serverOffsetMs(common.data?.timestamp, common.dataUpdatedAt);
}
