/**
 * Ref callback that focuses the element once it is attached. A form drawn inside an already open
 * modal (after the agency's custom fields load) misses the modal's data-autofocus, which acts
 * only when the modal opens.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
