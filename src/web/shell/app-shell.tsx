import { AppShell as MantineAppShell, useMantineTheme } from "@mantine/core";
import { useDisclosure, useHotkeys, useMediaQuery } from "@mantine/hooks";
import { lazy, Suspense, useMemo, useState } from "react";
import { Outlet } from "react-router";
import { screenTitle, useCurrentScreen } from "./current-screen.ts";
import { HeaderBar } from "./header-bar.tsx";
import { reachableScreens, visibleNavigation } from "./nav-access.ts";
import { Sidebar } from "./sidebar.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link.tsx";
import { useFlagsLookup } from "./use-nav-access.ts";

// Spotlight and its styles load on the first Ctrl+K, not with the shell.
const CommandPalette = lazy(() => import("./command-palette.tsx"));

/** Sidebar width 64 units (spec §2.3): 64 × 4px. */
const NAVBAR_WIDTH = 256;
const NAVBAR_BREAKPOINT = "sm";

/**
 * Below the navbar's breakpoint the sidebar is a drawer, off-screen until the burger opens it:
 * its content (over half of the dashboard's elements) is drawn when it first opens, not with the
 * first screen, and stays drawn after.
 */
function useSidebarDrawn(navOpened: boolean): boolean {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints[NAVBAR_BREAKPOINT]})`, false, {
    getInitialValueInEffect: false,
  });
  const [wasOpened, setWasOpened] = useState(navOpened);
  if (navOpened && !wasOpened) setWasOpened(true);
  return isWide || navOpened || wasOpened;
}

export default function AppShell() {
  const [navOpened, nav] = useDisclosure(false);
  const isSidebarDrawn = useSidebarDrawn(navOpened);
  const [paletteSignal, setPaletteSignal] = useState(0);
  const lookup = useFlagsLookup();
  const sections = useMemo(() => (lookup ? visibleNavigation(lookup) : []), [lookup]);
  const screens = useMemo(() => (lookup ? reachableScreens(lookup) : []), [lookup]);
  const title = screenTitle(useCurrentScreen());
  const openPalette = () => setPaletteSignal((n) => n + 1);
  // Esc closes the phone menu the burger opened, as it closes the palette and the bell's panel.
  useHotkeys(
    [
      ["mod+K", openPalette],
      ["Escape", nav.close],
    ],
    [],
  );

  return (
    <MantineAppShell
      header={{ height: 64 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <SkipLink />
      <MantineAppShell.Header>
        <HeaderBar title={title} navOpened={navOpened} onToggleNav={nav.toggle} onOpenPalette={openPalette} />
      </MantineAppShell.Header>
      <MantineAppShell.Navbar aria-label="Barra lateral">
        {isSidebarDrawn && <Sidebar sections={sections} onNavigate={nav.close} />}
      </MantineAppShell.Navbar>
      <MantineAppShell.Main bg="gray.0" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: "none" }}>
        <Outlet />
      </MantineAppShell.Main>
      {paletteSignal > 0 && (
        <Suspense fallback={null}>
          <CommandPalette screens={screens} openSignal={paletteSignal} />
        </Suspense>
      )}
    </MantineAppShell>
  );
}
