// The icons the first page draws (header, footer, tab bar, home); the screens' are components/ui/icons.tsx
// (this module is first-page code: every icon here is in the first load).
import { Icon, type IconProps as P } from '../../components/ui/icon';

export const IconBack = (p: P) => (
  <Icon {...p}>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);
export const IconMenu = (p: P) => (
  <Icon {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);
export const IconDeposit = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 13v4M10 15l2 2 2-2" />
  </Icon>
);
export const IconWithdraw = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 17v-4M10 15l2-2 2 2" />
  </Icon>
);
export const IconHome = (p: P) => (
  <Icon {...p}>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </Icon>
);
export const IconGift = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="8" width="18" height="5" rx="1" />
    <path d="M5 13v8h14v-8M12 8v13M12 8c-1.5-3-5-4-5-1.5S12 8 12 8zM12 8c1.5-3 5-4 5-1.5S12 8 12 8z" />
  </Icon>
);
export const IconWallet = (p: P) => (
  <Icon {...p}>
    <path d="M4 7h14a2 2 0 012 2v9a2 2 0 01-2 2H5a1 1 0 01-1-1V7z" />
    <path d="M4 7l11-3v3M16 14h.01" />
  </Icon>
);
export const IconInvite = (p: P) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5M19 8v6M16 11h6" />
  </Icon>
);
export const IconUser = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4 4.2-6 8-6s7 2 8 6" />
  </Icon>
);
export const IconWarning = (p: P) => (
  <Icon {...p}>
    <path d="M12 3.5l9.5 16.5h-19L12 3.5z" />
    <path d="M12 10v4.5M12 17.5h.01" />
  </Icon>
);
