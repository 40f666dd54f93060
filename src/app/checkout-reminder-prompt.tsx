// Shows the buyer's "remind me to check out" once the device is back online and the offline cart
// changes have reached the server (src/local/checkout-reminder.ts). It only opens the cart: the
// order is placed by the buyer on the checkout page, never by the sync.
import { useEffect } from 'react';
import {
  CHECKOUT_REMINDER_GO,
  CHECKOUT_REMINDER_MESSAGE,
  checkoutReminderDue,
  setCheckoutReminder,
  useCheckoutReminder,
  useLocalStatus,
  useOnline,
} from '../local';
import { alert } from '../ui/alert-dialog';

export const CART_PATH = '/cart';

export function CheckoutReminderPrompt({ navigate }: { navigate: (href: string) => void }) {
  const online = useOnline();
  const status = useLocalStatus();
  const reminder = useCheckoutReminder();
  const due = checkoutReminderDue({
    online,
    reminder,
    outboxCount: status.outboxCount,
    engineIdle: status.engine?.state === 'idle',
  });
  const account = status.account;

  useEffect(() => {
    if (!due || account === null) return;
    // Cleared first: shown once, even if the buyer reloads while the alert is open.
    setCheckoutReminder(account, false);
    void alert.open({
      message: CHECKOUT_REMINDER_MESSAGE,
      actions: [{ label: '稍后' }, { label: CHECKOUT_REMINDER_GO, onClick: () => navigate(CART_PATH) }],
    });
  }, [due, account, navigate]);
  return null;
}
