// The shop's button look, one class string for <button>s and for links that act as buttons
// (SpaLink, router Link, radix Close and Cancel): a variant and a size.
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'link';
/** sm 32 px, row 34 px with square-ish corners (cart and favourites tables), md 36 px, lg 44 px. */
export type ButtonSize = 'sm' | 'row' | 'md' | 'lg';

export interface ButtonLook {
  /** Ignored by the link variant, which takes the size of the text around it. */
  size?: ButtonSize;
  className?: string;
}

export function buttonClass(variant: ButtonVariant, { size = 'md', className }: ButtonLook = {}): string {
  const classes = [styles.button, styles[variant], variant === 'link' ? undefined : styles[size], className];
  return classes.filter(Boolean).join(' ');
}
