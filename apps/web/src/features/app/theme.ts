import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#0b6e4f';

/** Semi-dark: dark sidebar, light header and content. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#0f1f2e', triggerBg: '#0a1722', headerBg: '#ffffff', bodyBg: '#f3f5f7' },
    Menu: { darkItemBg: '#0f1f2e', darkSubMenuItemBg: '#0a1722', darkItemSelectedBg: BRAND_COLOR },
  },
};

/** Whether the user asked the system for less motion (an accessibility setting): the components then open without animation. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The theme, without the components' motion for a user who prefers reduced motion. */
export const themeFor = (reducedMotion: boolean): ThemeConfig => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme);
