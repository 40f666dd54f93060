// The frame of a page in the shop's content column (orders, invoices, favourites, addresses,
// checkout): a <section> the page labels with its title's id (PageHeader, src/ui/page-header).
import type { ComponentPropsWithRef } from 'react';
import styles from './page-frame.module.css';

export function PageFrame({ className, ...props }: ComponentPropsWithRef<'section'>) {
  return <section className={className ? `${styles.page} ${className}` : styles.page} {...props} />;
}
