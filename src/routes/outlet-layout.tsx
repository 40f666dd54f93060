// The page of a `layout` row that has no frame of its own (zones, lists, the cart, orders): it
// only renders the child page.
import { Outlet } from '@tanstack/react-router';

export default function OutletLayout() {
  return <Outlet />;
}
