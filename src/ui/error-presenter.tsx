// Performs the SPEC §8 catalogue's actions on screen. Registered once on the QueryCache and
// MutationCache (src/app/query-client.ts); features that show an error themselves call it too.
import { alert, AlertHost } from './alert-dialog';
import { toast, ToastViewport } from './toast';
import { describeError, type ErrorAction, type ErrorContext } from './error-catalogue';

type Navigate = (to: string) => void;

const defaultNavigate: Navigate = (to) => window.location.assign(to);
const defaultReload = () => window.location.reload();

let navigate: Navigate = defaultNavigate;
let reload: () => void = defaultReload;

/** The router's navigate, injected at startup so redirects stay inside the SPA. `null` restores the default. */
export function setErrorNavigator(fn: Navigate | null): void {
  navigate = fn ?? defaultNavigate;
}

/** For tests; the default is `window.location.reload`. */
export function setErrorReloader(fn: (() => void) | null): void {
  reload = fn ?? defaultReload;
}

/**
 * Several queries failing together (a 401 on every call of a page, a server outage) would
 * otherwise show the same toast or redirect once per query.
 */
const REPEAT_WINDOW_MS = 1_500;
let lastKey = '';
let lastAt = -Infinity;

/** Forget the last shown action (tests). */
export function resetErrorPresenter(): void {
  lastKey = '';
  lastAt = -Infinity;
}

function currentContext(): ErrorContext {
  return { pathname: window.location.pathname, search: window.location.search };
}

function perform(action: ErrorAction): void {
  switch (action.type) {
    case 'ignore':
      return;
    case 'redirect-login':
      navigate(action.to);
      return;
    case 'message-then-redirect':
      void alert.open({ message: action.message }).then(() => navigate(action.to));
      return;
    case 'toast':
      toast.show({ message: action.message, tone: action.tone });
      return;
    case 'alert': {
      if (alert.isQueued({ title: action.title, message: action.message })) return;
      const reloadAction = action.action;
      void alert.open({
        title: action.title,
        message: action.message,
        actions: reloadAction ? [{ label: reloadAction.label, onClick: () => reload() }] : undefined,
      });
      return;
    }
  }
}

/** Shows `err` per SPEC §8 and returns what was decided (an ignored repeat returns `ignore`). */
export function presentError(err: unknown, ctx: ErrorContext = currentContext()): ErrorAction {
  const action = describeError(err, ctx);
  if (action.type === 'ignore') return action;
  const key = JSON.stringify(action);
  const now = Date.now();
  if (key === lastKey && now - lastAt < REPEAT_WINDOW_MS) return { type: 'ignore' };
  lastKey = key;
  lastAt = now;
  perform(action);
  return action;
}

/** The toast viewport and the alert host together; mount once in the app shell. */
export function NoticeHost() {
  return (
    <>
      <ToastViewport />
      <AlertHost />
    </>
  );
}
