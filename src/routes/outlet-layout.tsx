// The page of a `layout` row until its area delivers a real one (account-centre menu, help
// tree…): it only renders the child page.
import { Outlet } from '@tanstack/react-router';

export default function OutletLayout() {
  return <Outlet />;
}
