import type { ReactNode } from 'react';

/**
 * Inline line icons (the shell's in app/layout/icons.tsx, the screens' in components/ui/icons.tsx) (a sprite or icon font would cost a request or a dependency). They are
 * decorative: the button or link that holds one carries the accessible name.
 */
export function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export type IconProps = { size?: number };
