// The frame around every page (header, side bar, footer …) is the app's, not the routes': app/
// provides it here and the root layout renders whatever it was given, so routes/ never imports
// app/ (README "Layout"). Without a provider pages render bare.
import { createContext, type ComponentType, type ReactNode } from 'react';
import type { RouteDef } from './types';

export interface ShellProps {
  def: RouteDef;
  children: ReactNode;
}

function BareShell({ children }: ShellProps) {
  return <>{children}</>;
}

export const ShellSlot = createContext<ComponentType<ShellProps>>(BareShell);
