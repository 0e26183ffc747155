import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { AA_CONTRAST, accessibleColorVariables, contrastRatio } from "./accessible-colors.ts";

const variables = accessibleColorVariables(DEFAULT_THEME.colors);
const lightBackground = (hex: string) => {
  // shade 6 at 10% over white, as Mantine paints a light variant
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) * 0.1 + 255 * 0.9);
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
};

describe("accessibleColorVariables", () => {
  it("computes WCAG contrast like the reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#228be6")).toBeCloseTo(3.55, 1);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))(
    "gives %s AA text on its light background, hovered or not, and under white",
    (name) => {
      const shades = DEFAULT_THEME.colors[name];
      const text = variables[`--mantine-color-${name}-light-color`];
      expect(contrastRatio(text, lightBackground(shades[6]))).toBeGreaterThanOrEqual(AA_CONTRAST);
      // and under the pointer, where Mantine 9 paints the light variant shade 2
      expect(contrastRatio(text, shades[2])).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio("#ffffff", variables[`--mantine-color-${name}-filled`])).toBeGreaterThanOrEqual(AA_CONTRAST);
    },
  );

  it("keeps a palette shade when one already passes (blue reads at shade 8 under white)", () => {
    expect(variables["--mantine-color-blue-filled"]).toBe(DEFAULT_THEME.colors.blue[8]);
    expect(variables["--mantine-color-gray-light-color"]).toBe(DEFAULT_THEME.colors.gray[7]);
  });
});
