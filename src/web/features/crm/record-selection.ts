/** The ticked ids that are still on screen, in the order they were ticked (a bulk action acts only on these). */
export function keepVisible(selected: readonly string[], visibleIds: readonly string[]): string[] {
  const visible = new Set(visibleIds);
  return selected.filter((id) => visible.has(id));
}
