// The shop's button look, for <button>s and for links that act as buttons (SpaLink, router Link,
// radix Close): `buttonClass` gives the class, `Button` is a <button> with it.
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  size?: ButtonSize;
  /** 2 px corners instead of 4 px (the dense cart and favourites tables). */
  sharp?: boolean;
  className?: string;
}

export function buttonClass(variant: ButtonVariant, { size = 'md', sharp = false, className }: ButtonLook = {}): string {
  const classes = [styles.button, styles[variant], variant === 'link' ? undefined : styles[size], sharp ? styles.sharp : undefined, className];
  return classes.filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Omit<ButtonLook, 'className'> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'secondary', size, sharp, className, type = 'button', ...props }: ButtonProps) {
  // type="button" unless told: a plain <button> inside a form would submit it.
  return <button type={type} className={buttonClass(variant, { size, sharp, className })} {...props} />;
}
