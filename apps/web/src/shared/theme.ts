import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#0b6e4f';

/**
 * Text colours that read at 4.5:1 or more (WCAG 2.1 AA) on white and on the page's grey (#f3f5f7). Ant Design's
 * defaults are lighter: placeholders #bfbfbf (1.8:1), tertiary text #8c8c8c (3.4:1).
 */
const READABLE_TEXT = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: '#636363',
  // danger buttons and error messages: #ff4d4f is 3.3:1 on white
  colorError: '#cf1322',
};

/**
 * A tag's text is the 7th shade of its palette on the 1st (green #389e0d on #f6ffed, 3.4:1), and a status tag's
 * the status colour itself (#52c41a on #f6ffed): darker shades of the same hues, each 4.5:1 or more on its tint.
 */
const READABLE_TAGS = {
  green7: '#237804',
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  cyan7: '#006d75',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#cf1322',
  colorInfo: '#0958d9',
};

/** Semi-dark: dark sidebar, light header and content. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
    ...READABLE_TEXT,
  },
  components: {
    Layout: { siderBg: '#0f1f2e', triggerBg: '#0a1722', headerBg: '#ffffff', bodyBg: '#f3f5f7' },
    Menu: { darkItemBg: '#0f1f2e', darkSubMenuItemBg: '#0a1722', darkItemSelectedBg: BRAND_COLOR },
    Tag: READABLE_TAGS,
    // a table's or list's "no data" text is drawn in the disabled colour (#bfbfbf)
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    List: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};

/** Whether the user asked the system for less motion (an accessibility setting): the components then open without animation. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The theme, without the components' motion for a user who prefers reduced motion. */
export const themeFor = (reducedMotion: boolean): ThemeConfig => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme);
