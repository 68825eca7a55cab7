export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme, string> = { light: "Thème clair activé", dark: "Thème sombre activé" };

/**
 * What the page's <html data-theme> says: the theme, or "auto" while the server does not know the visitor's
 * preference (no choice, no client hint yet: a first visit without scripts); the CSS then follows the browser's
 * prefers-color-scheme (site.css).
 */
export type ThemeAttribute = Theme | "auto";
