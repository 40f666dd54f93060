// The 省/市/区 lists for the address form, loaded on first use (their own chunk, precached by the
// service worker like every chunk) and kept for the rest of the visit: a form opened again has
// them at once.
import { useEffect, useState } from 'react';
import { loadedRegions, loadRegions, type Regions } from '../../domain/regions';

export interface RegionsState {
  /** null while loading (or after a failure). */
  regions: Regions | null;
  failed: boolean;
  retry: () => void;
}

export function useRegions(): RegionsState {
  const [regions, setRegions] = useState<Regions | null>(loadedRegions);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (regions) return;
    let live = true;
    loadRegions().then(
      (r) => {
        if (live) setRegions(r);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [regions, attempt]);

  return {
    regions,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
