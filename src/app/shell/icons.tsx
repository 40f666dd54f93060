// Line icons for the shell, inline so they paint with the first HTML and need no requests.
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function Icon({ size = 18, d, ...rest }: IconProps & { d: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export const CartIcon = (p: IconProps) => (
  <Icon {...p} d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2M9 20h.01M17 20h.01" />
);
export const UserIcon = (p: IconProps) => (
  <Icon {...p} d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
);
export const MessageIcon = (p: IconProps) => <Icon {...p} d="M4 5h16v11H9l-5 4V5zM8 10h8M8 13h5" />;
export const ServiceIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1v-4zM20 14h-3v5h2a1 1 0 0 0 1-1v-4zM17 19c0 1.5-2 2-4 2"
  />
);
export const WechatIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 17l2.8-1.5c.7.2 1.4.3 2.2.3M15.5 9C12.5 9 10 11 10 13.6s2.5 4.5 5.5 4.5c.6 0 1.2-.1 1.8-.3L20 19l-.5-2.2c1.5-.9 2.5-2.3 2.5-3.2C22 11 19 9 15.5 9z"
  />
);
export const ArrowUpIcon = (p: IconProps) => <Icon {...p} d="M12 19V5M5 12l7-7 7 7" />;
export const HomeIcon = (p: IconProps) => <Icon {...p} d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />;
export const CloseIcon = (p: IconProps) => <Icon {...p} d="M6 6l12 12M18 6L6 18" />;
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p} d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />
);
export const SearchIcon = (p: IconProps) => <Icon {...p} d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />;
export const GridIcon = (p: IconProps) => <Icon {...p} d="M4 6h16M4 12h16M4 18h16" />;
