/** Small outline icons (24px grid, drawn with currentColor) for the panel navigation. */
const paths = {
  dashboard: "M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  catalog: "M4 6h16M4 12h16M4 18h10",
  orders: "M6 3h12l1 4H5l1-4Zm-1 4h14v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V7Zm4 5h6",
  balance: "M3 7h18v12H3V7Zm0 4h18M7 15h3",
  topup: "M12 5v14M5 12h14",
  payments: "M12 3v18M16.5 7.5c-.8-1.2-2.5-2-4.5-2-2.5 0-4.5 1.3-4.5 3.2 0 4.3 9 2.3 9 6.6 0 1.9-2 3.2-4.5 3.2-2 0-3.7-.8-4.5-2",
  subscription: "M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.8 6.6 19.5l1.2-6L3.3 9.3l6.1-.7L12 3Z",
  webhooks: "M10 14a4 4 0 0 1 0-5.7l2.3-2.3a4 4 0 0 1 5.7 5.7l-1.2 1.2M14 10a4 4 0 0 1 0 5.7l-2.3 2.3a4 4 0 0 1-5.7-5.7l1.2-1.2",
  keys: "M15 7a4 4 0 1 1-3.9 4.9L4 19v2h3v-2h2v-2h2l1.1-1.1A4 4 0 0 1 15 7Zm1 1.5h.01",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 9a7 7 0 0 1 14 0",
  users: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6 10a6 6 0 0 1 12 0M16 3.5a4 4 0 0 1 0 7.5M18 15a6 6 0 0 1 3 6",
  products: "M21 8l-9-5-9 5 9 5 9-5Zm-18 0v8l9 5 9-5V8M12 13v8",
  suppliers: "M3 17h2a2 2 0 1 0 4 0h6a2 2 0 1 0 4 0h2v-5l-3-4h-4V5H3v12Zm12-9v4h6",
  trend: "M3 17l6-6 4 4 8-8M15 7h6v6",
  system: "M3 12h4l3-8 4 16 3-8h4",
  docs: "M6 3h9l4 4v14H6V3Zm8 0v5h5M9 13h7M9 17h5",
  claim: "M12 3 3 20h18L12 3Zm0 6v5m0 3h.01",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0",
  megaphone: "M3 10v4h4l8 5V5L7 10H3Zm15-1a4 4 0 0 1 0 6",
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5V11Z",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 6l12 12M18 6 6 18",
  signout: "M15 17l5-5-5-5M20 12H9M12 21H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h7",
  audit: "M9 4h6v3H9V4Zm-3 1h2v2h8V5h2v16H6V5Zm3 7h6M9 16h4",
  backup: "M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
