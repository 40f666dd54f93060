// "Closed for this visit" memory for the closable banners (SPEC §1, §2): session storage, read
// synchronously on first render so a closed banner never flashes back in.
import { useCallback, useState } from 'react';

const PREFIX = 'shell_closed:';

function read(key: string): boolean {
  try {
    return sessionStorage.getItem(PREFIX + key) === '1';
  } catch {
    return false;
  }
}

export function useSessionDismiss(key: string): [dismissed: boolean, dismiss: () => void] {
  const [dismissed, setDismissed] = useState(() => read(key));
  const dismiss = useCallback(() => {
    setDismissed(true);
    try {
      sessionStorage.setItem(PREFIX + key, '1');
    } catch {
      // Blocked storage: the banner stays closed until the next page load, which is fine.
    }
  }, [key]);
  return [dismissed, dismiss];
}
