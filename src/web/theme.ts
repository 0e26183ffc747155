import { type CSSVariablesResolver, createTheme } from "@mantine/core";
import { accessibleColorVariables } from "./accessible-colors.ts";

export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  // Plain defaults (no component import): every toast's close button and every modal's have a name.
  components: {
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Fechar notificação" } },
      // Under a title Mantine dims the message to gray 6 (about 3.3:1 on white): below AA.
      styles: { description: { color: "var(--mantine-color-gray-7)" } },
    },
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Fechar" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Fechar" } } },
    // A wide table scrolls sideways at phone width; a read-only one holds nothing focusable, so its
    // scrolling viewport takes the focus itself, or the keyboard could not reach the hidden columns.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * WCAG AA contrast (4.5:1) for every text the palette paints: Mantine's default dimmed grey is
 * 3.3:1 on white (this one about 6:1), and its shade-6 texts and filled backgrounds are 1.7–3.6:1
 * (see accessible-colors.ts). Links take the primary colour's readable text shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const colors = accessibleColorVariables(resolved.colors);
  return {
    variables: {},
    light: {
      ...colors,
      "--mantine-color-dimmed": "#5c636a",
      "--mantine-color-anchor": colors[`--mantine-color-${resolved.primaryColor}-text`],
      // A field's error text and its value in error are red 6 (about 3.6:1): below AA.
      "--mantine-color-error": colors["--mantine-color-red-text"],
    },
    dark: {},
  };
};
