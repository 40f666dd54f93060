// On the offline draft, under the disabled 去结算: ask to be reminded once back online (the app
// root shows the reminder, src/app/checkout-reminder-prompt.tsx). A reminder, never an order.
import {
  CHECKOUT_REMINDER_LABEL,
  CHECKOUT_REMINDER_SET,
  setCheckoutReminder,
  useCheckoutReminder,
  useLocalAccount,
} from '../../local';
import styles from './totals-panel.module.css';

export function CheckoutReminderToggle() {
  const account = useLocalAccount();
  const on = useCheckoutReminder();
  if (account === null) return null;
  return (
    <button
      type="button"
      className={styles.reminder}
      aria-pressed={on}
      onClick={() => setCheckoutReminder(account, !on)}
    >
      {on ? `✓ ${CHECKOUT_REMINDER_SET}（点击取消）` : CHECKOUT_REMINDER_LABEL}
    </button>
  );
}
