import type { MantineColorsTuple } from "@mantine/core";

/** WCAG AA for normal-size text. */
export const AA_CONTRAST = 4.5;
const WHITE = "#ffffff";
/** Mantine's gray.2: the darkest surface a light variant is drawn on in the app. */
const DARKEST_SURFACE = "#e9ecef";

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` at `alpha` over `background`, as the eye sees it. */
function blend(hex: string, alpha: number, background = WHITE): string {
  const [fg, bg] = [toRgb(hex), toRgb(background)];
  return toHex(fg.map((c, i) => c * alpha + bg[i] * (1 - alpha)) as Rgb);
}

const darken = (hex: string, amount: number) => blend("#000000", amount, hex);

/**
 * The first of shades 6–9 that passes `readable`; when even shade 9 does not (Mantine's yellow,
 * green, orange…), shade 9 darkened step by step until it does.
 */
function firstReadable(shades: MantineColorsTuple, readable: (hex: string) => boolean): string {
  const shade = shades.slice(6).find(readable);
  if (shade) return shade;
  let hex = shades[9];
  for (let amount = 0.05; !readable(hex) && amount <= 1; amount += 0.05) hex = darken(shades[9], amount);
  return hex;
}

/**
 * Light-scheme CSS variables that give every colour of the palette AA contrast where Mantine's
 * defaults (shade 6) do not: the text of light, outline and subtle variants and of `c="<color>"`
 * on its light background, and the background of filled variants under white text.
 */
export function accessibleColorVariables(colors: Record<string, MantineColorsTuple>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    // Light variants sit on white, on the grey page (gray.0) and on an active menu entry (a light
    // blue): judged over Mantine's gray.2, darker than any of them, their text passes on each.
    // Under the pointer a light variant turns shade 2 (Mantine 9's light-hover): its text must pass there too.
    const lightBackgrounds = [blend(shades[6], 0.1, DARKEST_SURFACE), shades[2]];
    const text = firstReadable(shades, (hex) => lightBackgrounds.every((bg) => contrastRatio(hex, bg) >= AA_CONTRAST));
    const filled = firstReadable(shades, (hex) => contrastRatio(WHITE, hex) >= AA_CONTRAST);
    variables[`--mantine-color-${name}-light-color`] = text;
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-outline`] = text;
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
  }
  return variables;
}
