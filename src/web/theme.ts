import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
});

/** Mantine's default dimmed grey is 3.3:1 on white; this one passes WCAG AA (about 6:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5c636a", "--nexo-color-limited-text": "#8a4b00" },
  dark: {},
});

/** White on Mantine's red 6 is 3.3:1; on red 9 it is 5.5:1 (WCAG AA for the small count labels). */
export const UNREAD_BADGE_COLOR = "red.9";

/** Text of a light blue badge or button: Mantine's blue 6 on its light background is 3.2:1, blue 9 is 5.3:1. */
export const LIGHT_BLUE_TEXT = "blue.9";
