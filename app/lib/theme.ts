import { z } from "zod";

export const themeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof themeSchema>;
export const THEME_LABELS: Record<Theme, string> = { light: "Thème clair activé", dark: "Thème sombre activé" };
