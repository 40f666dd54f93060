// The shapes shared by the notice stores (toast.tsx, alert-dialog.tsx) and the views they load
// lazily (toast-list.tsx, alert-view.tsx), so a view never imports its store back.
export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  durationMs?: number;
}

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

export interface AlertAction {
  label: string;
  /** Runs before the dialog closes; `alert.open` resolves after it. */
  onClick?: () => void;
}

export interface AlertInput {
  title?: string;
  message: string;
  /** Left to right; the last one is the primary button. Default: one 确定 button. */
  actions?: readonly AlertAction[];
}

export interface PendingAlert {
  id: number;
  title: string;
  message: string;
  actions: readonly AlertAction[];
  resolve: () => void;
}
