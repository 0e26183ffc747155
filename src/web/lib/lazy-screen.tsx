import { type ComponentType, lazy, useState } from "react";

export type LazyScreen = ComponentType & {
  /** Starts loading the module; once it settles the screen renders without suspending. */
  preload(): Promise<unknown>;
};

/**
 * A screen loaded on first use, like React.lazy, that can also be loaded ahead. React.lazy
 * suspends on its first render even when the module has already arrived: React then commits the
 * Suspense fallback and holds the screen back ~300 ms before revealing it. A preloaded screen
 * renders at once instead.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Screen() {
    // Chosen once per mount: switching between the two would remount the screen and lose its state.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Screen, { preload: loadAndKeep });
}
