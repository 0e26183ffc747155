import { type ComponentType, type LazyExoticComponent, lazy, useState } from "react";

/** A screen's module, loaded on its first render or ahead of it with preload(). */
export type LazyScreen = {
  /** Starts loading the module; once it settles the screen renders without suspending. */
  preload(): Promise<unknown>;
  loaded: ComponentType | null;
  Lazy: LazyExoticComponent<ComponentType>;
};

/**
 * Like React.lazy, but loadable ahead: React.lazy suspends on its first render even when the
 * module has already arrived, and React then commits the Suspense fallback and holds the screen
 * back ~300 ms before revealing it. A preloaded screen renders at once instead.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  const screen: LazyScreen = {
    loaded: null,
    preload: () =>
      load().then((module) => {
        screen.loaded = module.default;
        return module;
      }),
    Lazy: lazy(() => screen.preload() as Promise<{ default: ComponentType }>),
  };
  return screen;
}

/** Renders a lazy screen: at once when its module is in, else through React.lazy (suspending). */
export function LazyScreenView({ screen }: { screen: LazyScreen }) {
  // Chosen once per mount: switching between the two would remount the screen and lose its state.
  const [Component] = useState<ComponentType>(() => screen.loaded ?? screen.Lazy);
  return <Component />;
}
