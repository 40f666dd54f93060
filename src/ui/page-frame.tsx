// The frame of a member page (orders, invoices): a <section> in the shop's content column; the
// page puts its PageHeader (src/ui/page-header) first and labels the section with its title id.
import type { HTMLAttributes } from 'react';
import styles from './page-frame.module.css';

export function PageFrame({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={className ? `${styles.page} ${className}` : styles.page} {...props} />;
}
